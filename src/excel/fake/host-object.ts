/**
 * What every object of the fake Excel shares as the host (./host.ts) runs the library's actions on
 * it. An object is what an object path names: the model object it stands for is found when an
 * action first needs it (a missing item fails there, with `ItemNotFound`; an `*OrNullObject` path
 * names a null object, which the host answers as `null`), then kept, as Excel keeps an object's
 * identity for the request and for a reference the library asked to keep. Its properties are read
 * from the model when queried, and its changes apply at once, in the request's order ("Office
 * Add-ins: Application-specific API model", the host runs each batch's actions in order).
 */
import { HOST_ERROR_CODES, WorkbookHostError } from "../errors";
import type { FakeModel } from "./model";

/** What an object of the fake reaches: the workbook's model. */
export interface HostContext {
  readonly model: FakeModel;
}

export abstract class HostObject<T> {
  private resolved: T | null | undefined;

  constructor(
    protected readonly ctx: HostContext,
    private readonly locate: () => T | null,
  ) {}

  /** The model object, or null for a null object; throws what `locate` throws (ItemNotFound). */
  resolve(): T | null {
    if (this.resolved === undefined) this.resolved = this.locate();
    return this.resolved;
  }

  /** The model object; an operation on a null object fails. */
  protected target(): T {
    const modelObject = this.resolve();
    if (modelObject === null) {
      throw new WorkbookHostError(HOST_ERROR_CODES.invalidOperation, "The object is a null object.");
    }
    return modelObject;
  }

  /** Whether the object has an `id` (worksheets, tables): the host gives it to the library. */
  hasId(): boolean {
    return this.scalarNames.includes("id");
  }

  /** Scalar properties a query without a selection reads. */
  protected abstract readonly scalarNames: readonly string[];

  /** Reads one property from the model (throws InvalidArgument for an unknown name). */
  protected abstract read(target: T, name: string): unknown;

  /**
   * The properties `names` (every scalar property when none are given) as the model holds them
   * now, or null for a null object.
   */
  properties(names?: readonly string[]): Record<string, unknown> | null {
    const modelObject = this.resolve();
    if (modelObject === null) return null;
    const list = names ?? this.scalarNames;
    return Object.fromEntries(list.map((name) => [name, this.read(modelObject, name)]));
  }

  /** Applies a change to the model object now. */
  protected change(apply: (target: T) => void): void {
    apply(this.target());
    // Tables resized, sheets renamed...: formulas that read them are computed again.
    this.ctx.model.calc.touch();
  }
}

export function unknownProperty(name: string): WorkbookHostError {
  return new WorkbookHostError(
    HOST_ERROR_CODES.invalidArgument,
    `The fake does not emulate property '${name}'.`,
  );
}
