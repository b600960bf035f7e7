// Types of ./functions-metadata.cjs (CommonJS, so that webpack.config.js requires it as it is).
interface Words {
  name: string;
  description?: string;
}
export interface FunctionWords extends Words {
  parameters: Record<string, Words>;
}
export interface MetadataFunction {
  id: string;
  name: string;
  description?: string;
  parameters: Array<{ name: string; description?: string; type?: string; optional?: boolean }>;
  options?: Record<string, unknown>;
  result?: Record<string, unknown>;
}
export interface Metadata {
  functions: MetadataFunction[];
}
export function localizeMetadata(metadata: Metadata, table: Record<string, FunctionWords>): Metadata;
