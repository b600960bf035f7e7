/**
 * The roles a column of the distribution table can have (./mapping.ts decides which one each
 * column gets; ./headers.ts names the ones a header alone tells).
 */
import { z } from "zod";

/**
 * What a column is. The schema validates the user's saved overrides (workbook settings) and is
 * the one definition: the type is derived from it.
 */
export const RoleSchema = z.discriminatedUnion("role", [
  z.object({ role: z.literal("employee_id") }),
  z.object({ role: z.literal("cpf") }),
  z.object({ role: z.literal("email") }),
  z.object({ role: z.literal("name") }),
  /** Read by people, never sent (Situação, Matrícula, Cargo, ...). */
  z.object({ role: z.literal("info") }),
  /**
   * The cost centre (centro de custo) of the row: read by people and booked with the payment in
   * the ledger (src/workbook/ledger.ts), never sent to the API.
   */
  z.object({ role: z.literal("cost_centre") }),
  z.object({ role: z.literal("product"), product_id: z.string().min(1).max(200) }),
  /** The add-in's own columns. */
  z.object({ role: z.literal("status") }),
  z.object({ role: z.literal("message") }),
  z.object({ role: z.literal("total") }),
  /** Explicitly ignored by the user: never sent, never warned about. */
  z.object({ role: z.literal("ignore") }),
  /** Recognized as nothing: if it holds amounts, validation warns that they will not be sent. */
  z.object({ role: z.literal("unmapped") }),
]);

export type ColumnRole = z.infer<typeof RoleSchema>;

export type RoleName = ColumnRole["role"];
