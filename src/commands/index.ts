import { registerCommands } from "./commands";

// Entry chunk of the shared runtime page: associate the ribbon actions as soon as Office is ready,
// before (and independently of) the task pane's React tree.
if (typeof Office !== "undefined") void Office.onReady(() => registerCommands());
