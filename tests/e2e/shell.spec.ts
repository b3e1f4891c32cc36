import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test, waitForHydration } from "./support";

/**
 * The application shell (000 §2.3, §2.6, §2.7): the header's menus show exactly what each seeded user may see, the
 * dropdowns open (with and without JavaScript) and their links work, forbidden pages go to the error page.
 */

const COMPANY = "6560de000000000000000001";
const HELP_URL = "https://help.rbqm.example/articles";
const companyHome = `/ng/companies/${COMPANY}`;
const studyPage = (studyName: string) => `${companyHome}/studies/${studyName}`;

const USERS = {
  admin: "admin@demo-pharma.example",
  manager: "manager@demo-pharma.example",
  monitor: "monitor@demo-pharma.example",
  noAccess: "noaccess@demo-pharma.example",
};

const STUDY_MENUS_ALL = {
  riskManagement: ["protocolAnalysis", "studyCpcd", "ract", "risks", "actions"],
  monitoring: ["metrics", "kris", "qtls"],
  oversight: ["cdq", "sites", "subjects", "tickets"],
  analysis: ["csm", "dataSources", "reports"],
};

/** What each user sees: the top menu (links and menus in order), each menu's entries, and the version link. */
const EXPECTED = {
  admin: {
    company: {
      top: ["nav-studies", "menu-riskManagement", "menu-settings"],
      menus: {
        riskManagement: ["catalogs", "companyCpcd"],
        settings: ["companySettings", "companyAudit", "studyWizard", "latestLogs", "createCompany"],
        help: ["helpArticles", "kriWiki", "feedback"],
        user: ["myAccount", "logOut", "cfInstanceStats", "welcomePage", "configVariables"],
      },
    },
    study: {
      top: [
        "nav-dashboard",
        "menu-riskManagement",
        "menu-monitoring",
        "menu-oversight",
        "menu-analysis",
        "menu-settings",
      ],
      menus: {
        ...STUDY_MENUS_ALL,
        settings: [
          "companySettings",
          "studySettings",
          "companyAudit",
          "studyAudit",
          "studyWizard",
          "latestLogs",
          "createCompany",
        ],
        help: ["helpArticles", "kriWiki", "feedback"],
        user: ["myAccount", "logOut", "cfInstanceStats", "welcomePage", "configVariables", "studyDesigner"],
      },
    },
    versionLink: true,
  },
  manager: {
    company: {
      top: ["nav-studies"],
      menus: { help: ["helpArticles", "feedback"], user: ["myAccount", "logOut"] },
    },
    study: {
      top: [
        "nav-dashboard",
        "menu-riskManagement",
        "menu-monitoring",
        "menu-oversight",
        "menu-analysis",
        "menu-settings",
      ],
      menus: {
        ...STUDY_MENUS_ALL,
        settings: ["studySettings", "studyAudit"],
        help: ["helpArticles", "feedback"],
        user: ["myAccount", "logOut", "studyDesigner"],
      },
    },
    versionLink: false,
  },
  monitor: {
    company: {
      top: ["nav-studies"],
      menus: { help: ["helpArticles", "feedback"], user: ["myAccount", "logOut"] },
    },
    study: {
      top: [
        "nav-dashboard",
        "menu-riskManagement",
        "menu-monitoring",
        "menu-oversight",
        "menu-analysis",
        "menu-settings",
      ],
      menus: {
        ...STUDY_MENUS_ALL,
        // Monitors read: they may open the Protocol Analysis landing page (001 §6), though not start (issue 24).
        riskManagement: ["protocolAnalysis", "studyCpcd", "ract", "risks", "actions"],
        settings: ["studySettings", "studyAudit"],
        help: ["helpArticles", "feedback"],
        user: ["myAccount", "logOut", "studyDesigner"],
      },
    },
    versionLink: false,
  },
} as const;

type Who = keyof typeof EXPECTED;

/** Opens a header menu: its button and popover, the same with and without JavaScript (ADR 0024). */
async function openMenu(page: Page, id: string, _js?: boolean) {
  await page.getByTestId(`menu-${id}`).click();
  const panel = menuPanel(page, id);
  await expect(panel).toBeVisible();
  return panel;
}

function menuPanel(page: Page, id: string, _js?: boolean) {
  return page.getByTestId(`menu-${id}-content`);
}

/** Escape closes an open menu, with scripts and without (the popover's own light dismiss). */
async function closeMenu(page: Page, id: string, _js?: boolean) {
  await page.keyboard.press("Escape");
  await expect(menuPanel(page, id)).toBeHidden();
}

async function menuEntries(page: Page, id: string, js: boolean): Promise<string[]> {
  const panel = await openMenu(page, id, js);
  const ids = await panel
    .locator('[data-testid^="nav-"]')
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.testid!.slice(4)));
  await closeMenu(page, id, js);
  return ids;
}

async function topEntries(page: Page): Promise<string[]> {
  return page
    .getByRole("navigation", { name: "Main menu" })
    .locator(":scope > [data-testid], :scope > [data-menu] > button[data-testid]")
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.testid!));
}

async function expectHeader(
  page: Page,
  expected: { top: readonly string[]; menus: Record<string, readonly string[]> },
  js: boolean,
) {
  expect(await topEntries(page)).toEqual(expected.top);
  for (const [id, entries] of Object.entries(expected.menus)) {
    expect(await menuEntries(page, id, js), `menu ${id}`).toEqual(entries);
  }
}

test.describe("the header shows exactly the permitted items", () => {
  for (const who of Object.keys(EXPECTED) as Who[]) {
    test(`${who}: company home and study page`, async ({ page, javaScriptEnabled }) => {
      const expected = EXPECTED[who];
      await signInAs(page, USERS[who]);
      await page.goto("/ng/");
      await expect(page).toHaveURL(new RegExp(`${companyHome}$`));
      await expect(page).toHaveTitle("RBQM Studio - Studies");
      await waitForHydration(page, javaScriptEnabled);
      await expectHeader(page, expected.company, javaScriptEnabled);
      // The version page belongs to the classic application, which this deployment lacks: plain text for everyone
      // (the permission gate itself is tested in tests/unit/navigation.test.ts, with LEGACY_BASE_URL).
      await expect(page.getByText(/^Version /)).not.toHaveAttribute("href");

      await page.goto(studyPage("DEMO001"));
      await expect(page).toHaveTitle("RBQM Studio - DEMO-001");
      await waitForHydration(page, javaScriptEnabled);
      await expectHeader(page, expected.study, javaScriptEnabled);
    });
  }

  test("a user without access to the company stays on the start page with a notice and Log Out", async ({ page }) => {
    await signInAs(page, USERS.noAccess);
    await page.goto("/ng/");
    await expect(page).toHaveURL(/\/ng\/$/);
    await expect(page.getByTestId("no-company")).toHaveText(
      "No company page is open to you yet. Please contact your administrator.",
    );
    await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  });
});

test.describe("the logo", () => {
  const naturalWidth = (page: Page) =>
    page
      .getByRole("img", { name: "Company logo" })
      .first()
      .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

  test("signed out the product logo; signed in the mark beside the product's name, never the other from the cache", async ({
    page,
  }) => {
    await page.goto("/ng/login");
    // The product logo (mark and name, 200 px wide) is now in the browser's cache.
    await expect.poll(() => naturalWidth(page)).toBe(200);
    await signInAs(page, `user-${test.info().project.name}@e2e.example`);
    await page.goto(companyHome);
    const logo = page.getByRole("banner").getByRole("img", { name: "Company logo" });
    await expect(logo).toHaveAttribute("src", /^\/ng\/companyLogo\?user=/);
    // The demo company has no logo of its own: the product's mark alone (40 px), as the header names the product.
    await expect.poll(() => naturalWidth(page)).toBe(40);
    // The plain address is the product logo whoever asks; one that names another user is answered, never kept.
    expect(await (await page.request.get("/ng/companyLogo")).text()).toContain('viewBox="0 0 200 40"');
    const other = await page.request.get("/ng/companyLogo?user=6560de000000000000000207");
    expect(other.headers()["cache-control"]).toContain("no-store");
  });
});

test.describe("permissions and context before each page", () => {
  test("a forbidden page redirects to the error page with the spec's message", async ({ page }) => {
    await signInAs(page, USERS.manager);
    await page.goto(studyPage("LEGACY2019"));
    await expect(page).toHaveURL(/\/ng\/error\?errorMessage=You\+lack\+the\+permissions\+to\+view\+this\+page\.$/);
    await expect(page.getByRole("alert")).toContainText("You lack the permissions to view this page.");

    await signInAs(page, USERS.noAccess);
    await page.goto(companyHome);
    await expect(page).toHaveURL(/\/ng\/error\?errorMessage=/);
  });

  test("a study that does not exist is a 404 page", async ({ page }) => {
    await signInAs(page, USERS.admin);
    const response = await page.goto(studyPage("NO-SUCH-STUDY"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("/ng/empty is an empty page for signed-in users only", async ({ page }) => {
    await page.goto("/ng/empty");
    await expect(page).toHaveURL(/\/ng\/login\?continue=%2Fng%2Fempty$/);
    await signInAs(page, USERS.monitor);
    const response = await page.goto("/ng/empty");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("RBQM Studio - Empty page");
    await expect(page.getByTestId("empty-page")).toHaveText("Empty page");
    await expectAccessible(page);
  });

  test("signed out, a shell page asks for sign-in and comes back", async ({ page }) => {
    await page.goto(studyPage("DEMO001"));
    await expect(page).toHaveURL(/\/ng\/login\?continue=/);
    expect(new URL(page.url()).searchParams.get("continue")).toBe(studyPage("DEMO001"));
  });
});

test.describe("the dropdowns open and their links work", () => {
  test("study dropdown: current study bold, Retired badge, entries link to the Dashboard; the up-arrow goes to the list", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, USERS.admin);
    await page.goto(studyPage("DEMO001"));
    await waitForHydration(page, javaScriptEnabled);
    await expect(page.getByTestId("current-study")).toHaveText("DEMO-001");

    if (javaScriptEnabled) {
      // The list loads when the menu opens; "Loading" shows meanwhile.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/studyMenu**", async (route) => {
        await held;
        await route.continue();
      });
      await page.getByTestId("menu-study").click();
      await expect(page.getByTestId("menu-study-content")).toContainText("Loading");
      release();
    } else {
      await page.getByTestId("menu-study").click();
    }
    const panel = menuPanel(page, "study", javaScriptEnabled);
    await expect(panel.getByTestId("study-entry-DEMO001").locator("strong")).toContainText("DEMO-001");
    await expect(panel.getByTestId("study-entry-LEGACY2019").getByTestId("retired-badge")).toHaveText("Retired");
    // Without the classic application a study's entry leads to its overview here (issue 9: no dead ends).
    await expect(panel.getByTestId("study-entry-DEMO002")).toHaveAttribute("href", studyPage("DEMO002"));
    await page.keyboard.press("Escape");

    await page.getByTestId("study-list-link").click();
    await expect(page).toHaveURL(new RegExp(`${companyHome}$`));
    await expect(page.getByTestId("study-row-LEGACY2019").getByTestId("retired-badge")).toBeVisible();
    await expect(
      page.getByTestId("study-row-DEMO001").getByRole("link", { name: "DEMO-001", exact: true }),
    ).toHaveAttribute("href", studyPage("DEMO001"));
    await page.getByRole("link", { name: "Open the study overview: DEMO-002" }).click();
    await expect(page).toHaveURL(new RegExp(`${studyPage("DEMO002")}$`));
    await expect(page.getByTestId("current-study")).toHaveText("DEMO-002");
  });

  test("a retired study shows its badge in the dropdown button", async ({ page }) => {
    await signInAs(page, USERS.admin);
    await page.goto(studyPage("LEGACY2019"));
    await expect(page.getByTestId("current-study")).toContainText("LEG-2019");
    await expect(page.getByTestId("current-study").getByTestId("retired-badge")).toHaveText("Retired");
  });

  test("notifications bell: a preselect query for the study, the count capped at 99+ and hidden at 0", async ({
    page,
  }) => {
    await signInAs(page, USERS.admin);
    await page.goto(studyPage("DEMO001"));
    // The notifications page is the classic application's: without it the bell counts but does not link.
    const bell = page.getByTestId("nav-notifications");
    await expect(bell).not.toHaveAttribute("href");
    await expect(bell).toHaveAccessibleName("Notifications: 3 unread (Available in the classic application)");
    await expect(page.getByTestId("notification-badge")).toHaveText("3");
    await page.goto(companyHome);
    await expect(page.getByTestId("notification-badge")).toHaveText("5");

    await signInAs(page, USERS.manager);
    await page.goto(studyPage("DEMO001"));
    await expect(page.getByTestId("notification-badge")).toHaveText("99+");

    await signInAs(page, USERS.monitor);
    await page.goto(studyPage("DEMO001"));
    await expect(page.getByTestId("nav-notifications")).toHaveAccessibleName(
      "Notifications (Available in the classic application)",
    );
    await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  });

  test("user menu: picture and name, My Account, the study designer in a new tab, Log Out", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, USERS.admin);
    await page.goto(studyPage("DEMO001"));
    await waitForHydration(page, javaScriptEnabled);
    await expect(page.getByTestId("signed-in-user")).toHaveText("Ada Admin");
    const picture = page.getByTestId("profile-picture");
    await expect(picture).toHaveJSProperty("complete", true);
    expect(await picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);

    const panel = await openMenu(page, "user", javaScriptEnabled);
    // Classic pages are shown as unavailable, with the reason (issue 9).
    await expect(panel.getByTestId("nav-myAccount")).toHaveAttribute("aria-disabled", "true");
    await expect(panel.getByTestId("nav-myAccount")).toContainText("Available in the classic application");
    await expect(panel.getByTestId("nav-welcomePage")).not.toHaveAttribute("href");
    // The study designer lies outside the system: it asks first, then opens a new tab (issue 11).
    const designer = panel.getByTestId("nav-studyDesigner");
    await expect(designer).toHaveText(/^Study Designer \(Study\)/);
    const designerUrl = `https://designer.rbqm.example/app?companyId=${COMPANY}&studyName=DEMO001&internalStudyId=6560de000000000000000101`;
    await expect(designer).toHaveAttribute("href", `/ng/leave?to=${encodeURIComponent(designerUrl)}`);
    await panel.getByTestId("nav-logOut").click();
    await expect(page).toHaveURL(/\/ng\/logoff/);
    await page.goto(studyPage("DEMO001"));
    await expect(page).toHaveURL(/\/ng\/login\?continue=/);
  });

  test("help menu and a menu link that navigates", async ({ page, javaScriptEnabled }) => {
    await signInAs(page, USERS.admin);
    await page.goto(studyPage("DEMO001"));
    await waitForHydration(page, javaScriptEnabled);
    const help = await openMenu(page, "help", javaScriptEnabled);
    await expect(help.getByTestId("nav-feedback")).toHaveAttribute("aria-disabled", "true");
    // Help Articles lies outside the system: it asks first, then opens in a new tab (000 §2.4, §4.6).
    const articles = help.getByTestId("nav-helpArticles");
    await expect(articles).toHaveAttribute("href", `/ng/leave?to=${encodeURIComponent(HELP_URL)}`);
    await articles.click();
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: "Warning" });
      await expect(dialog).toContainText(
        "You are about to navigate to a page outside of the system. Are you sure you wish to proceed?",
      );
      await expect(dialog.getByRole("link", { name: "Proceed" })).toHaveAttribute("href", HELP_URL);
      await expect(dialog.getByRole("link", { name: "Proceed" })).toHaveAttribute("target", "_blank");
      await dialog.getByRole("link", { name: "Cancel" }).click();
      await expect(dialog).toHaveCount(0);
    } else {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Warning");
      await expect(page.getByRole("link", { name: "Proceed" })).toHaveAttribute("href", HELP_URL);
      await page.goBack();
    }

    const oversight = await openMenu(page, "oversight", javaScriptEnabled);
    await expect(oversight.getByTestId("nav-subjects")).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Escape");
    // An in-app entry navigates: the study list, from the study dropdown's up-arrow's neighbour, the company menu.
    await page.goto(companyHome);
    await page.getByRole("navigation", { name: "Main menu" }).getByTestId("nav-studies").click();
    await expect(page).toHaveURL(new RegExp(`${companyHome}$`));
  });
});

test.describe("keyboard", () => {
  test("each dropdown opens, moves through its items and closes from the keyboard; Tab leaves it", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, USERS.admin);
    await page.goto(studyPage("DEMO001"));
    await waitForHydration(page, javaScriptEnabled);
    for (const id of ["study", "riskManagement", "monitoring", "oversight", "analysis", "settings", "help", "user"]) {
      const trigger = page.getByTestId(`menu-${id}`);
      const panel = menuPanel(page, id);
      // The menu button's keyboard code comes after hydration (ADR 0052; tests/e2e/shell-lazy.js-only.spec.ts).
      if (javaScriptEnabled) await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
      await trigger.focus();
      await page.keyboard.press("Enter");
      await expect(panel).toBeVisible();
      if (javaScriptEnabled) {
        // The WAI-ARIA menu button: Enter opens on the first item, arrows move, Escape closes onto the button.
        await expect(trigger).toHaveAttribute("aria-expanded", "true");
        const items = panel.getByRole("menuitem");
        await expect(items.first()).toBeFocused();
        if ((await items.count()) > 1) {
          await page.keyboard.press("ArrowDown");
          await expect(items.nth(1)).toBeFocused();
          await page.keyboard.press("End");
          await expect(items.last()).toBeFocused();
          await page.keyboard.press("ArrowDown");
          await expect(items.first()).toBeFocused();
        }
        await page.keyboard.press("Escape");
        await expect(panel).toBeHidden();
        await expect(trigger).toBeFocused();
        await expect(trigger).toHaveAttribute("aria-expanded", "false");
      } else {
        // The platform's popover: Tab reaches its links, Escape closes it.
        await page.keyboard.press("Tab");
        await expect(panel.locator("a, button, [aria-disabled]").first()).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(panel).toBeHidden();
      }
    }
  });

  test("an open menu lets Tab go on, and a click elsewhere closes it", async ({ page, javaScriptEnabled }) => {
    await signInAs(page, USERS.admin);
    await page.goto(studyPage("DEMO001"));
    await waitForHydration(page, javaScriptEnabled);
    const trigger = page.getByTestId("menu-monitoring");
    if (javaScriptEnabled) await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(menuPanel(page, "monitoring")).toBeVisible();
    if (javaScriptEnabled) {
      // Before, the menu held the keyboard until Escape; now Tab closes it and the focus moves to the next control.
      await page.keyboard.press("Tab");
      await expect(menuPanel(page, "monitoring")).toBeHidden();
      await expect(page.getByTestId("menu-oversight")).toBeFocused();
    }
    await page.getByTestId("menu-analysis").click();
    await expect(menuPanel(page, "analysis")).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(menuPanel(page, "analysis")).toBeHidden();
  });
});

test.describe("accessibility", () => {
  test("axe is clean on the company home and a study page, with a menu open", async ({ page, javaScriptEnabled }) => {
    await signInAs(page, USERS.admin);
    await page.goto(companyHome);
    await waitForHydration(page, javaScriptEnabled);
    await expectAccessible(page);
    await page.goto(studyPage("DEMO001"));
    await waitForHydration(page, javaScriptEnabled);
    await expectAccessible(page);
    await openMenu(page, "oversight", javaScriptEnabled);
    await expectAccessible(page);
  });
});

test.describe("outside links and small screens", () => {
  /** Every link on the page whose address lies outside this site, menus' closed lists included. */
  const outsideLinks = (page: Page) =>
    page.locator("a[href]").evaluateAll((anchors) =>
      anchors
        .map((a) => new URL((a as HTMLAnchorElement).href, location.href))
        .filter((url) => /^https?:$/.test(url.protocol) && url.origin !== location.origin)
        .map((url) => url.href),
    );

  test("every link outside the system asks first (sign-in page, header, footer): none leads there directly", async ({
    page,
  }) => {
    await page.goto("/ng/login");
    expect(await outsideLinks(page)).toEqual([]);
    await expect(page.locator('a[href^="/ng/leave?to="]').first()).toBeAttached();
    const contact = page.getByRole("link", { name: /Contact us/ });
    await expect(contact).toHaveAttribute("href", /^\/ng\/leave\?to=/);
    await expect(contact).toContainText("(opens in a new tab)");

    await signInAs(page, USERS.admin);
    for (const address of [companyHome, studyPage("DEMO001")]) {
      await page.goto(address);
      expect(await outsideLinks(page), address).toEqual([]);
      // Study Wizard, Study Designer, Help Articles and KRI Wiki all go through the question.
      for (const id of ["studyWizard", "helpArticles", "kriWiki"]) {
        await expect(page.getByTestId(`nav-${id}`).first()).toHaveAttribute("href", /^\/ng\/leave\?to=https/);
      }
    }
    await expect(page.getByTestId("nav-studyDesigner")).toHaveAttribute("href", /^\/ng\/leave\?to=https/);
  });

  test("the header fits a phone screen (390×844) in at most 120 px, and its one menu reaches the top entries", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, USERS.admin);
    await page.goto(studyPage("DEMO001"));
    await waitForHydration(page, javaScriptEnabled);
    const box = await page.getByRole("banner").boundingBox();
    expect(box!.height).toBeLessThanOrEqual(120);
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
    const menu = await openMenu(page, "compact", javaScriptEnabled);
    await expect(menu.getByTestId("nav-protocolAnalysis")).toBeAttached();
    await expect(menu.getByTestId("nav-cdq")).toBeAttached();
    await expect(menu.getByTestId("nav-studyAudit")).toBeAttached();
    await expect(menu).toContainText("Monitoring");
    await expectAccessible(page);
    await closeMenu(page, "compact", javaScriptEnabled);
    await expect(page.getByTestId("menu-user")).toBeVisible();
    await expect(page.getByTestId("menu-help")).toBeVisible();
    await expectAccessible(page);
  });
});
