/** Products (document, "Endpoints": `GET /products`, "Page of products, each with `id`"). */
import { paginate, type PageIterator } from "../pagination";
import { paths } from "../routes";
import { type Page, type Product, ProductPage } from "../schemas";
import { type Context, type ListParams, pageQuery, type RequestOptions } from "./context";

export function productsResource(ctx: Context) {
  const page = (q: ListParams, opts?: RequestOptions): Promise<Page<Product>> =>
    ctx.read(paths.products(), ProductPage, opts, pageQuery(q));
  return {
    list: (query: ListParams = {}, opts?: RequestOptions): PageIterator<Product> =>
      paginate<Product>((q) => page(q, opts), query),
    listPage: (query: ListParams = {}, opts?: RequestOptions): Promise<Page<Product>> => page(query, opts),
  };
}
