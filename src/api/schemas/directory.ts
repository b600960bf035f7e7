/**
 * The directory on the wire: employees and their situations, products, and benefits
 * (conventions). See ./index.ts for the conventions every schema follows.
 */
import { z } from "zod";
import { Cents, Id, pageOf, PageQuery } from "./common";

// Employees and situations

export const SITUATION_ACTIVE = "active";

export const Situation = z.object({ value: z.string(), label: z.string().optional() });
export type Situation = z.infer<typeof Situation>;
export const SituationList = z.object({ data: z.array(Situation) });

export const Employee = z.object({
  employee_id: Id,
  name: z.string(),
  cpf: z.string().optional(),
  email: z.string().optional(),
  situation: z.string(),
  benefit_convention_ids: z.array(Id).optional(),
});
export type Employee = z.infer<typeof Employee>;
export const EmployeePage = pageOf(Employee);

export const EmployeeListQuery = PageQuery.extend({ situation: z.string().min(1).optional() });
export type EmployeeListQuery = z.input<typeof EmployeeListQuery>;

/** Employee creation body: not shown; our choice. */
export const EmployeeCreate = z.object({
  name: z.string().trim().min(1).max(200),
  cpf: z.string().regex(/^\d{11}$/, "must be 11 digits"),
  email: z.email().optional(),
  situation: z.string().min(1).optional(),
  benefit_convention_ids: z.array(Id).optional(),
});
export type EmployeeCreate = z.infer<typeof EmployeeCreate>;

/** Batch upload (path and field name: not shown): a CSV file in the multipart field `file`. */
export const EMPLOYEE_BATCH_FIELD = "file";
export const EmployeeBatchResult = z.object({
  created: z.int().min(0),
  updated: z.int().min(0).optional(),
  errors: z.array(z.object({ line: z.int().min(1), message: z.string() })),
});
export type EmployeeBatchResult = z.infer<typeof EmployeeBatchResult>;

// ---------------------------------------------------------------------------------------------
// Products and benefits (conventions)

export const Product = z.object({
  id: Id,
  name: z.string(),
  code: z.string().optional(),
});
export type Product = z.infer<typeof Product>;
export const ProductPage = pageOf(Product);

export const BenefitItem = z.object({ product_id: Id, monthly_amount: Cents });
export type BenefitItem = z.infer<typeof BenefitItem>;

export const BenefitCreate = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).optional(),
  items: z.array(BenefitItem),
});
export type BenefitCreate = z.infer<typeof BenefitCreate>;
/** Updating a benefit (path: not shown) replaces it whole with the creation body. */
export const BenefitUpdate = BenefitCreate.describe("BenefitUpdate");
export type BenefitUpdate = z.infer<typeof BenefitUpdate>;

export const Benefit = z.object({
  id: Id,
  name: z.string(),
  description: z.string().optional(),
  items: z.array(BenefitItem).optional(),
});
export type Benefit = z.infer<typeof Benefit>;
export const BenefitPage = pageOf(Benefit);
/** "The creation response returns `benefit_id`." */
export const BenefitCreated = Benefit.partial().extend({ benefit_id: Id });
export type BenefitCreated = z.infer<typeof BenefitCreated>;
