/**
 * Ribbon commands. The manifest declares a shared runtime (<Runtimes> with the task pane page),
 * so these run in the same JavaScript context as the task pane: Office.actions.associate
 * ties each ExecuteFunction control's <FunctionName> to a function here.
 * See "Configure your Office Add-in to use a shared runtime" in the Office docs.
 */

/** Action ids, as named by <FunctionName> in manifest.xml. */
export const ACTIONS = { openTaskpane: "openValePix" } as const;

/** Opens the task pane from the ribbon; completes the event whatever happens. */
export async function openTaskpane(event?: Office.AddinCommands.Event): Promise<void> {
  try {
    await Office.addin.showAsTaskpane();
  } catch (error) {
    console.error("Could not open the ValePix task pane", error);
  } finally {
    event?.completed();
  }
}

export function registerCommands(): void {
  Office.actions.associate(
    ACTIONS.openTaskpane,
    (event?: Office.AddinCommands.Event) => void openTaskpane(event),
  );
}
