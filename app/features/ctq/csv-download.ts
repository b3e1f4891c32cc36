/**
 * A CSV of one CTQ list as edited (001 §9), with scripts: the results form posted to …/ctqf/upload?csv= and the answer
 * saved as <list>.csv. Loaded when the button is clicked (CtqLists CsvButton), not with the page; the button gives its
 * intent (csv:<list>), so that this module imports nothing the page has (no shared chunk on the first visit).
 */
export async function downloadCsv(form: HTMLFormElement, action: string, intent: string, name: string) {
  const body = new FormData(form);
  body.set("intent", intent);
  const response = await fetch(action, { method: "POST", body });
  if (!response.ok) return;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `${name}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
