// The connection feature's public surface: other features, the shell, the commands and the preview import only this.
export { activeClient, clientFactory, type ClientTuning, connectionStore } from "./client";
export { ConnectionScreen } from "./ConnectionScreen";
export { type ConnectionServices, type SavedConnection } from "./services";
export { ConnectionInputError, ConnectionStore } from "./store";
export { connectionErrorWords } from "./error-words";
export { CONNECTION_WORDS } from "./words";
