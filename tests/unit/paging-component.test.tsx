// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Paging } from "~/components/widgets/Paging";
import { renderServerHtml, renderWithRouter } from "../support/i18n-test";

afterEach(() => cleanup());

const nav = () => screen.getByRole("navigation", { name: "Pagination" });
const hrefOf = (name: string | RegExp) => within(nav()).getByRole("link", { name }).getAttribute("href");
/** The followable links (disabled steps are spans with role link) and their names for assistive technology. */
const realLinks = () =>
  within(nav())
    .getAllByRole("link")
    .filter((element) => element.tagName === "A");
const names = (elements: HTMLElement[]) => elements.map((element) => element.querySelector(".sr-only")!.textContent);

describe("<Paging>", () => {
  it("shows the item range in the spec's words", () => {
    renderWithRouter(<Paging id="t" totalCount={230} page={3} pageSize={50} />);
    expect(screen.getByText("Showing items 101–150 out of 230")).toBeTruthy();
  });

  it("links first, previous, 2 pages each side, next and last, keeping the other query parameters", () => {
    renderWithRouter(
      <Paging id="t" totalCount={500} page={5} pageSize={50} />,
      "/ng/list?studyName=S1&t-page=5&t-pageSize=50",
    );
    expect(names(realLinks())).toEqual([
      "First page",
      "Previous page",
      "Page 3",
      "Page 4",
      "Page 5",
      "Page 6",
      "Page 7",
      "Next page",
      "Last page",
    ]);
    expect(hrefOf("First page")).toBe("/ng/list?studyName=S1&t-page=1&t-pageSize=50");
    expect(hrefOf("Previous page")).toBe("/ng/list?studyName=S1&t-page=4&t-pageSize=50");
    expect(hrefOf("Page 7")).toBe("/ng/list?studyName=S1&t-page=7&t-pageSize=50");
    expect(hrefOf("Next page")).toBe("/ng/list?studyName=S1&t-page=6&t-pageSize=50");
    expect(hrefOf("Last page")).toBe("/ng/list?studyName=S1&t-page=10&t-pageSize=50");
  });

  it("marks the current page with aria-current and no other", () => {
    renderWithRouter(<Paging id="t" totalCount={500} page={5} pageSize={50} />);
    const current = within(nav()).getByRole("link", { name: "Page 5" });
    expect(current.getAttribute("aria-current")).toBe("page");
    const others = realLinks().filter((link) => link !== current);
    expect(others).toHaveLength(8);
    for (const link of others) expect(link.getAttribute("aria-current")).toBeNull();
  });

  it("does not link backwards on the first page", () => {
    renderWithRouter(<Paging id="t" totalCount={120} page={1} pageSize={50} />);
    expect(names(realLinks())).toEqual(["Page 1", "Page 2", "Page 3", "Next page", "Last page"]);
    for (const name of ["First page", "Previous page"]) {
      const step = within(nav()).getByRole("link", { name });
      expect(step.tagName).toBe("SPAN");
      expect(step.getAttribute("aria-disabled")).toBe("true");
      expect(step.hasAttribute("href")).toBe(false);
    }
    expect(hrefOf("Last page")).toBe("/ng/list?t-page=3&t-pageSize=50");
  });

  it("does not link forwards on the last page", () => {
    renderWithRouter(<Paging id="t" totalCount={120} page={3} pageSize={50} />);
    expect(names(realLinks())).toEqual(["First page", "Previous page", "Page 1", "Page 2", "Page 3"]);
    expect(within(nav()).getByRole("link", { name: "Next page" }).getAttribute("aria-disabled")).toBe("true");
  });

  it("limits a page beyond the last one and shows one page for an empty list", () => {
    renderWithRouter(<Paging id="t" totalCount={0} page={4} pageSize={50} />);
    expect(screen.getByText("Showing items 0–0 out of 0")).toBeTruthy();
    expect(names(realLinks())).toEqual(["Page 1"]);
  });

  it("offers the allowed sizes, keeps other parameters as hidden inputs and resets the page", () => {
    const { container } = renderWithRouter(
      <Paging id="t" totalCount={500} page={3} pageSize={20} />,
      "/ng/list?studyName=S1&t-page=3&t-pageSize=20&other-page=2",
    );
    const select = screen.getByLabelText("Items per page") as HTMLSelectElement;
    expect(select.name).toBe("t-pageSize");
    expect(select.value).toBe("20");
    expect([...select.options].map((option) => option.textContent)).toEqual([
      "Show 20 items per page",
      "Show 50 items per page",
      "Show 100 items per page",
    ]);
    const form = select.form!;
    expect(form.method).toBe("get");
    expect(form.getAttribute("action")).toBe("/ng/list");
    const hidden = [...container.querySelectorAll<HTMLInputElement>('form input[type="hidden"]')].map((input) => [
      input.name,
      input.value,
    ]);
    expect(hidden).toEqual([
      ["studyName", "S1"],
      ["other-page", "2"],
      ["t-page", "1"],
    ]);
    expect(screen.getByRole("button", { name: "Apply" })).toBeTruthy();
  });

  it("applies a new size as soon as it is chosen (with JavaScript)", async () => {
    const { router } = renderWithRouter(
      <Paging id="t" totalCount={500} page={3} pageSize={50} />,
      "/ng/list?studyName=S1&t-page=3",
    );
    fireEvent.change(screen.getByLabelText("Items per page"), { target: { value: "100" } });
    await waitFor(() => expect(router.state.location.search).toBe("?studyName=S1&t-page=1&t-pageSize=100"));
    expect(router.state.location.pathname).toBe("/ng/list");
  });

  it("uses the default size for a size that is not allowed, and the first allowed size when 50 is not", () => {
    renderWithRouter(<Paging id="t" totalCount={500} page={1} pageSize={30} allowedSizes={[10, 25]} />);
    expect((screen.getByLabelText("Items per page") as HTMLSelectElement).value).toBe("10");
    expect(hrefOf("Next page")).toBe("/ng/list?t-page=2&t-pageSize=10");
  });

  it("works without JavaScript: plain links and a visible submit button in the server HTML", async () => {
    const html = await renderServerHtml(<Paging id="t" totalCount={500} page={2} pageSize={50} />, "/ng/list?q=a");
    expect(html).toContain('href="/ng/list?q=a&amp;t-page=3&amp;t-pageSize=50"');
    expect(html).toContain('method="get"');
    // Visible: not the visually hidden class it takes once scripts run.
    expect(html).toMatch(/<button type="submit" class="(?![^"]*sr-only)[^"]*rounded-md[^"]*">Apply<\/button>/);
  });

  it("takes a landmark name when a page has two paged lists", () => {
    renderWithRouter(<Paging id="t" totalCount={10} page={1} pageSize={50} label="Pagination of tickets" />);
    expect(screen.getByRole("navigation", { name: "Pagination of tickets" })).toBeTruthy();
  });
});
