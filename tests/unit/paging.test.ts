import { describe, expect, it } from "vitest";
import {
  allowedSizesOf,
  clampPage,
  DEFAULT_ALLOWED_SIZES,
  defaultPageSize,
  itemRange,
  lastPage,
  otherParams,
  pageParam,
  pageSizeParam,
  pageWindow,
  pagingHref,
  pagingSearch,
  parsePage,
  parsePageSize,
  readPaging,
} from "~/lib/paging";

describe("paging parameters and sizes", () => {
  it("names the query parameters {id}-page and {id}-pageSize", () => {
    expect(pageParam("audit")).toBe("audit-page");
    expect(pageSizeParam("audit")).toBe("audit-pageSize");
  });

  it("allows 20, 50 and 100 by default, with 50 as the default size", () => {
    expect(DEFAULT_ALLOWED_SIZES).toEqual([20, 50, 100]);
    expect(allowedSizesOf(undefined)).toEqual([20, 50, 100]);
    expect(defaultPageSize()).toBe(50);
  });

  it("defaults to the first allowed size when 50 is not allowed", () => {
    expect(defaultPageSize([10, 25, 100])).toBe(10);
    expect(defaultPageSize([200])).toBe(200);
    expect(defaultPageSize([25, 50])).toBe(50);
  });

  it("falls back to the default list when the given one has nothing valid", () => {
    expect(allowedSizesOf([])).toEqual([20, 50, 100]);
    expect(allowedSizesOf([0, -5, 1.5])).toEqual([20, 50, 100]);
    expect(allowedSizesOf([10, 10, 30])).toEqual([10, 30]);
  });

  it("takes a page size from the address only when it is allowed", () => {
    expect(parsePageSize("20")).toBe(20);
    expect(parsePageSize("100")).toBe(100);
    expect(parsePageSize("30")).toBe(50);
    expect(parsePageSize("abc")).toBe(50);
    expect(parsePageSize("")).toBe(50);
    expect(parsePageSize(null)).toBe(50);
    expect(parsePageSize("20.0")).toBe(50);
    expect(parsePageSize("-20")).toBe(50);
    expect(parsePageSize("30", [10, 30])).toBe(30);
    expect(parsePageSize("50", [10, 30])).toBe(10);
  });
});

describe("page from the address", () => {
  const known = { totalCount: 230, pageSize: 50 }; // 5 pages

  it("accepts a positive integer", () => {
    expect(parsePage("1", known)).toBe(1);
    expect(parsePage("3", known)).toBe(3);
    expect(parsePage("03", known)).toBe(3);
    expect(parsePage(" 4 ", known)).toBe(4);
  });

  it("limits the page to the last page", () => {
    expect(parsePage("6", known)).toBe(5);
    expect(parsePage("99999999999999999999", known)).toBe(5);
    expect(parsePage("1000", { totalCount: 0, pageSize: 50 })).toBe(1);
  });

  it.each(["0", "-1", "1.5", "abc", "", "1e3", "+2", null, undefined])(
    "falls back to the current page for %j",
    (raw) => {
      expect(parsePage(raw, { ...known, current: 4 })).toBe(4);
    },
  );

  it.each(["0", "-1", "1.5", "abc"])("falls back to 1 for %j when there is no current page", (raw) => {
    expect(parsePage(raw, known)).toBe(1);
  });

  it("limits the current page it falls back to", () => {
    expect(parsePage("abc", { ...known, current: 9 })).toBe(5);
  });

  it("does not limit the page while the total is unknown", () => {
    expect(parsePage("40")).toBe(40);
  });

  it("reads both from a query", () => {
    expect(readPaging("?x-page=2&x-pageSize=20&y-page=7", "x")).toEqual({ page: 2, pageSize: 20 });
    expect(readPaging(new URLSearchParams("x-page=9&x-pageSize=33"), "x", { totalCount: 120 })).toEqual({
      page: 3,
      pageSize: 50,
    });
    expect(readPaging("", "x")).toEqual({ page: 1, pageSize: 50 });
    expect(readPaging("x-page=0", "x", { current: 2 })).toEqual({ page: 2, pageSize: 50 });
  });
});

describe("last page and clamping", () => {
  it("counts pages, with 1 for an empty list", () => {
    expect(lastPage(0, 50)).toBe(1);
    expect(lastPage(1, 50)).toBe(1);
    expect(lastPage(50, 50)).toBe(1);
    expect(lastPage(51, 50)).toBe(2);
    expect(lastPage(230, 20)).toBe(12);
  });

  it("clamps pages into range", () => {
    expect(clampPage(0, 100, 20)).toBe(1);
    expect(clampPage(9, 100, 20)).toBe(5);
    expect(clampPage(3, 100, 20)).toBe(3);
  });
});

describe("window of pages", () => {
  it("shows 2 pages on each side of the current one", () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
  });

  it("is cut at the first page", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it("is cut at the last page", () => {
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([7, 8, 9, 10]);
  });

  it("has one page for a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});

describe("item range", () => {
  it("gives the first and last item of the page", () => {
    expect(itemRange(1, 50, 230)).toEqual({ from: 1, to: 50, total: 230 });
    expect(itemRange(3, 50, 230)).toEqual({ from: 101, to: 150, total: 230 });
    expect(itemRange(5, 50, 230)).toEqual({ from: 201, to: 230, total: 230 });
  });

  it("is 0–0 out of 0 without items", () => {
    expect(itemRange(1, 50, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });

  it("uses the last page for a page beyond it", () => {
    expect(itemRange(9, 20, 45)).toEqual({ from: 41, to: 45, total: 45 });
  });
});

describe("paging updates", () => {
  it("carries page and pageSize and keeps the other parameters", () => {
    const params = pagingSearch("?studyName=S1&x-page=3&filter=a&filter=b", "x", { page: 1, pageSize: 20 });
    expect(params.toString()).toBe("studyName=S1&x-page=1&filter=a&filter=b&x-pageSize=20");
  });

  it("builds the address", () => {
    expect(pagingHref("/ng/list", "?q=z", "t", { page: 2, pageSize: 50 })).toBe("/ng/list?q=z&t-page=2&t-pageSize=50");
    expect(pagingHref("/ng/list", "", "t", { page: 1, pageSize: 100 })).toBe("/ng/list?t-page=1&t-pageSize=100");
  });

  it("lists the other parameters for the size form", () => {
    expect(otherParams("?a=1&t-page=2&t-pageSize=20&b=2&u-page=4", "t")).toEqual([
      ["a", "1"],
      ["b", "2"],
      ["u-page", "4"],
    ]);
  });
});
