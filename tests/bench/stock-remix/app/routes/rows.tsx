import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

/**
 * /rows?n=N: a page of N table rows from its loader, the rows both rendered and sent as page data, as the product's
 * list pages do. bench:http picks N so that the page has the size of the product page it is compared with.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const n = Math.min(Math.max(Number(new URL(request.url).searchParams.get("n")) || 0, 0), 5000);
  const rows = Array.from({ length: n }, (_, i) => ({
    id: `row-${i + 1}`,
    title: `Item ${i + 1} of the list`,
    owner: `Person ${(i % 7) + 1}`,
    status: i % 3 === 0 ? "Open" : "Closed",
    updatedAt: new Date(Date.UTC(2026, 0, 1 + (i % 28))).toISOString(),
  }));
  return { title: "A stock Remix page", rows };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Stock Remix" }];

export default function Rows() {
  const { title, rows } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{title}</h1>
      <table>
        <thead>
          <tr>
            <th>Title</th>
            <th>Owner</th>
            <th>Status</th>
            <th>Updated</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <a href={`/rows/${row.id}`}>{row.title}</a>
              </td>
              <td>{row.owner}</td>
              <td>{row.status}</td>
              <td>
                <time dateTime={row.updatedAt}>{row.updatedAt.slice(0, 10)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
