// The functions feature's public surface: the shell, the commands and the preview import only this.
export { FunctionsRuntime } from "./adapter";
