import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/auth.server";
import { idParam } from "~/lib/params";

/**
 * …/riskAssessment/file/:fileId: a download link of the results page (001 §7: "Protocol files are downloaded through a
 * download link using file id and name"). The API decides who may read the file; its answer passes through.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const result = await api.files.download(idParam(params, "fileId"));
  if (!result.ok) throw new Response(null, { status: result.status === 404 ? 404 : 502 });
  const headers = new Headers();
  for (const name of ["content-type", "content-length", "content-disposition"]) {
    const value = result.data.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("cache-control", "private, no-store");
  return new Response(result.data.body, { status: 200, headers });
}
