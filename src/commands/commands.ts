/**
 * Ribbon commands. The manifest declares a shared runtime (SharedRuntime 1.1, `lifetime="long"`)
 * whose page is the task pane's, so these run in the pane's JavaScript context and share its
 * host (../taskpane/composition-root.ts: token store, workbook, notices): `Office.actions.associate` ties
 * each ExecuteFunction control's <FunctionName> to a handler here ("Configure your Office Add-in
 * to use a shared runtime", https://learn.microsoft.com/office/dev/add-ins/develop/configure-your-add-in-to-use-a-shared-runtime).
 *
 * Each command calls the feature workflows the pane calls (./actions.ts), and every
 * handler:
 * - reports its outcome through the notice the pane shows (Excel has no add-in notifications),
 *   and opens the pane (`Office.addin.showAsTaskpane`) when a decision or a fix is needed;
 * - calls `event.completed()` once, whatever happened (Office waits for it before it runs
 *   another command of the add-in: "Office.AddinCommands.Event.completed");
 * - never throws past itself: Office would show nothing, and the person would not know.
 */
import { type Host, sharedHost } from "../taskpane/composition-root";
import { messagesFor } from "../ui/i18n";
import { paneMessageFor } from "../taskpane/error-words";
import {
  type Outcome,
  pullTransactionsCommand,
  refreshCommand,
  reconciliationSheetCommand,
  refreshFunctionsCommand,
  sendDraftCommand,
  validateCommand,
} from "./actions";
import { bookMonthCommand } from "./book-month";
import { COMMAND_WORDS, type CommandMessages } from "./messages";

/** Action ids, as named by <FunctionName> in manifest.xml. */
export const ACTIONS = {
  openTaskpane: "openValePix",
  validateTable: "validateTable",
  sendToDraft: "sendToDraft",
  refreshStatuses: "refreshStatuses",
  pullTransactions: "pullTransactions",
  refreshFunctions: "refreshFunctions",
  reconciliationSheet: "reconciliationSheet",
  bookMonth: "bookMonth",
} as const;

type ActionId = (typeof ACTIONS)[keyof typeof ACTIONS];

/**
 * The actions that also have a key combination (shortcuts.json, the manifest's
 * <ExtendedOverrides>): the cell context menu's (Excel on Windows and Mac does not show it on
 * table cells: OfficeDev/office-js #4692, #6612) and Validate table. Office calls them as it
 * calls the ribbon's, through `Office.actions.associate`, without an event.
 */
export const SHORTCUT_ACTIONS: readonly ActionId[] = [ACTIONS.openTaskpane, ACTIONS.validateTable];

/** The part of Office.js the commands use (`Office` in Excel; a stand-in in tests and the preview). */
export interface CommandsOffice {
  actions: { associate(actionId: string, handler: (event?: Office.AddinCommands.Event) => unknown): void };
  addin: { showAsTaskpane(): Promise<void> };
}

export interface CommandDeps {
  /** The page's host (default: the one the pane holds too). */
  host?: () => Host;
  /** Default: the `Office` global. */
  office?: () => CommandsOffice;
}

type Command = (host: Host, words: CommandMessages) => Promise<Outcome>;

const COMMANDS: Record<ActionId, Command> = {
  [ACTIONS.openTaskpane]: () => Promise.resolve({ openPane: true }),
  [ACTIONS.validateTable]: validateCommand,
  [ACTIONS.sendToDraft]: sendDraftCommand,
  [ACTIONS.refreshStatuses]: refreshCommand,
  [ACTIONS.pullTransactions]: pullTransactionsCommand,
  [ACTIONS.refreshFunctions]: refreshFunctionsCommand,
  [ACTIONS.reconciliationSheet]: reconciliationSheetCommand,
  [ACTIONS.bookMonth]: bookMonthCommand,
};

/** Commands that only read and change no cell: they run even while another command works. */
const ALWAYS: ReadonlySet<ActionId> = new Set([ACTIONS.openTaskpane, ACTIONS.refreshFunctions]);

/** One command at a time: a second click while a send runs must not start another one. */
let busy = false;

/** The handler Office calls for `action`. Resolves when the command is done; never rejects. */
function commandHandler(
  action: ActionId,
  deps: CommandDeps = {},
): (event?: Office.AddinCommands.Event) => Promise<void> {
  const hostOf = deps.host ?? sharedHost;
  const officeOf = deps.office ?? (() => Office);
  return async (event) => {
    let host: Host | undefined;
    let outcome: Outcome;
    try {
      host = hostOf();
      const words = COMMAND_WORDS[host.locale];
      if (busy && !ALWAYS.has(action)) {
        outcome = {
          notice: { intent: "warning", title: words.busyTitle, body: words.busy, next: words.busyNext },
        };
      } else if (ALWAYS.has(action)) {
        outcome = await COMMANDS[action](host, words);
      } else {
        busy = true;
        try {
          outcome = await COMMANDS[action](host, words);
        } finally {
          busy = false;
        }
      }
    } catch (error) {
      // API, workbook and connection errors in the pane's own words, and the pane to act on them.
      const message = paneMessageFor(error, messagesFor(host?.locale ?? "pt-BR"));
      outcome = {
        notice: {
          intent: message.intent,
          title: message.title,
          body: message.body,
          next: message.next,
          details: message.details,
        },
        openPane: true,
      };
    }
    try {
      if (outcome.notice) host?.notices.post(outcome.notice);
      if (outcome.openPane) await officeOf().addin.showAsTaskpane();
    } catch {
      // The pane could not open (an older Office without SharedRuntime): the notice waits in the
      // channel and shows when the person opens the pane; the cells already carry the statuses.
    } finally {
      event?.completed();
    }
  };
}

/** Associates every action of manifest.xml with its handler (call after Office.onReady). */
export function registerCommands(deps: CommandDeps = {}): void {
  const office = (deps.office ?? (() => Office))();
  for (const action of Object.values(ACTIONS)) {
    const handler = commandHandler(action, deps);
    // Office ignores what the function returns (typed void): a ribbon button waits for
    // `event.completed()`; a keyboard shortcut calls the function without an event.
    office.actions.associate(action, (event?: Office.AddinCommands.Event) => void handler(event));
  }
}
