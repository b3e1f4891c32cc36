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
  riskManagement: ["protocolAnalysis", "ract", "risks", "actions"],
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
      top: ["nav-dashboard", "menu-riskManagement", "menu-monitoring", "menu-oversight", "menu-analysis", "menu-settings"],
      menus: {
        ...STUDY_MENUS_ALL,
        settings: ["companySettings", "studySettings", "companyAudit", "studyAudit", "studyWizard", "latestLogs", "createCompany"],
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
      top: ["nav-dashboard", "menu-riskManagement", "menu-monitoring", "menu-oversight", "menu-analysis", "menu-settings"],
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
      top: ["nav-dashboard", "menu-riskManagement", "menu-monitoring", "menu-oversight", "menu-analysis", "menu-settings"],
      menus: {
        ...STUDY_MENUS_ALL,
        // Monitors read; starting an analysis is not theirs, so Protocol Analysis is hidden.
        riskManagement: ["ract", "risks", "actions"],
        settings: ["studySettings", "studyAudit"],
        help: ["helpArticles", "feedback"],
        user: ["myAccount", "logOut", "studyDesigner"],
      },
    },
    versionLink: false,
  },
} as const;

type Who = keyof typeof EXPECTED;

/** Opens a header menu: the <summary> without JavaScript, the Radix trigger with it. */
async function openMenu(page: Page, id: string, js: boolean) {
  const trigger = page.getByTestId(`menu-${id}`);
  if (js) await trigger.click();
  else await trigger.locator("summary").click();
  const panel = menuPanel(page, id, js);
  await expect(panel).toBeVisible();
  return panel;
}

function menuPanel(page: Page, id: string, js: boolean) {
  return js ? page.getByTestId(`menu-${id}-content`) : page.getByTestId(`menu-${id}`).locator("ul");
}

async function closeMenu(page: Page, id: string, js: boolean) {
  if (js) await page.keyboard.press("Escape");
  else await page.getByTestId(`menu-${id}`).locator("summary").click();
  await expect(menuPanel(page, id, js)).toBeHidden();
}

async function menuEntries(page: Page, id: string, js: boolean): Promise<string[]> {
  const panel = await openMenu(page, id, js);
  const ids = await panel.locator('[data-testid^="nav-"]').evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.testid!.slice(4)));
  await closeMenu(page, id, js);
  return ids;
}

async function topEntries(page: Page): Promise<string[]> {
  return page
    .getByRole("navigation", { name: "Main menu" })
    .locator(":scope > [data-testid]")
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.testid!));
}

async function expectHeader(page: Page, expected: { top: readonly string[]; menus: Record<string, readonly string[]> }, js: boolean) {
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
      const version = page.getByText(/^Version /);
      if (expected.versionLink) {
        await expect(version).toHaveAttribute("href", "/v1/system/version/admin");
        await expect(version).toHaveAttribute("target", "_blank");
      } else {
        await expect(version).not.toHaveAttribute("href");
      }

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
    await expect(page.getByTestId("no-company")).toHaveText("No company page is open to you yet. Please contact your administrator.");
    await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
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
      await page.getByTestId("menu-study").locator("summary").click();
    }
    const panel = menuPanel(page, "study", javaScriptEnabled);
    await expect(panel.getByTestId("study-entry-DEMO001").locator("strong")).toContainText("DEMO-001");
    await expect(panel.getByTestId("study-entry-LEGACY2019").getByTestId("retired-badge")).toHaveText("Retired");
    await expect(panel.getByTestId("study-entry-DEMO002")).toHaveAttribute("href", "/db?studyName=DEMO002");
    if (javaScriptEnabled) await page.keyboard.press("Escape");
    else await page.getByTestId("menu-study").locator("summary").click();

    await page.getByTestId("study-list-link").click();
    await expect(page).toHaveURL(new RegExp(`${companyHome}$`));
    await expect(page.getByTestId("study-row-LEGACY2019").getByTestId("retired-badge")).toBeVisible();
    await expect(page.getByTestId("study-row-DEMO001").getByRole("link", { name: "DEMO-001", exact: true })).toHaveAttribute("href", "/db?studyName=DEMO001");
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

  test("notifications bell: a preselect query for the study, the count capped at 99+ and hidden at 0", async ({ page }) => {
    await signInAs(page, USERS.admin);
    await page.goto(studyPage("DEMO001"));
    const bell = page.getByTestId("nav-notifications");
    await expect(bell).toHaveAttribute("href", "/yourAccount/notifications?preselect=DEMO001");
    await expect(bell).toHaveAccessibleName("Notifications: 3 unread");
    await expect(page.getByTestId("notification-badge")).toHaveText("3");
    await page.goto(companyHome);
    await expect(page.getByTestId("nav-notifications")).toHaveAttribute("href", "/yourAccount/notifications");
    await expect(page.getByTestId("notification-badge")).toHaveText("5");

    await signInAs(page, USERS.manager);
    await page.goto(studyPage("DEMO001"));
    await expect(page.getByTestId("notification-badge")).toHaveText("99+");

    await signInAs(page, USERS.monitor);
    await page.goto(studyPage("DEMO001"));
    await expect(page.getByTestId("nav-notifications")).toHaveAccessibleName("Notifications");
    await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  });

  test("user menu: picture and name, My Account, the study designer in a new tab, Log Out", async ({ page, javaScriptEnabled }) => {
    await signInAs(page, USERS.admin);
    await page.goto(studyPage("DEMO001"));
    await waitForHydration(page, javaScriptEnabled);
    await expect(page.getByTestId("signed-in-user")).toHaveText("Ada Admin");
    const picture = page.getByTestId("profile-picture");
    await expect(picture).toHaveJSProperty("complete", true);
    expect(await picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);

    const panel = await openMenu(page, "user", javaScriptEnabled);
    await expect(panel.getByTestId("nav-myAccount")).toHaveAttribute("href", "/yourAccount");
    await expect(panel.getByTestId("nav-welcomePage")).toHaveAttribute("href", "/yourAccount?welcome");
    const designer = panel.getByTestId("nav-studyDesigner");
    await expect(designer).toHaveText("Study Designer (Study)");
    await expect(designer).toHaveAttribute(
      "href",
      `https://designer.rbqm.example/app?companyId=${COMPANY}&studyName=DEMO001&internalStudyId=6560de000000000000000101`,
    );
    await expect(designer).toHaveAttribute("target", "_blank");
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
    await expect(help.getByTestId("nav-feedback")).toHaveAttribute("href", "/feedback");
    // Help Articles lies outside the system: it asks first, then opens in a new tab (000 §2.4, §4.6).
    const articles = help.getByTestId("nav-helpArticles");
    await expect(articles).toHaveAttribute("href", `/ng/leave?to=${encodeURIComponent(HELP_URL)}`);
    await articles.click();
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: "Warning" });
      await expect(dialog).toContainText("You are about to navigate to a page outside of the system. Are you sure you wish to proceed?");
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
    await expect(oversight.getByTestId("nav-subjects")).toHaveAttribute("href", "/patients/study/DEMO001");
    await oversight.getByTestId("nav-tickets").click();
    await expect(page).toHaveURL(/\/tickets\?studyName=DEMO001$/);
  });
});

test.describe("keyboard", () => {
  test("each dropdown opens, moves through its items and closes from the keyboard", async ({ page, javaScriptEnabled }) => {
    await signInAs(page, USERS.admin);
    await page.goto(studyPage("DEMO001"));
    await waitForHydration(page, javaScriptEnabled);
    for (const id of ["study", "riskManagement", "monitoring", "oversight", "analysis", "settings", "help", "user"]) {
      const trigger = page.getByTestId(`menu-${id}`);
      if (javaScriptEnabled) {
        // Radix: Enter opens with the first item focused, arrows move, Escape closes and focus returns to the trigger.
        await trigger.focus();
        await page.keyboard.press("Enter");
        const panel = menuPanel(page, id, true);
        await expect(panel).toBeVisible();
        const items = panel.getByRole("menuitem");
        await expect(items.first()).toBeFocused();
        if ((await items.count()) > 1) {
          await page.keyboard.press("ArrowDown");
          await expect(items.nth(1)).toBeFocused();
        }
        await page.keyboard.press("Escape");
        await expect(panel).toBeHidden();
        await expect(trigger).toBeFocused();
      } else {
        // A disclosure: Enter on the summary opens it, Tab reaches its links, Enter on the summary closes it.
        const summary = trigger.locator("summary");
        await summary.focus();
        await page.keyboard.press("Enter");
        const panel = menuPanel(page, id, false);
        await expect(panel).toBeVisible();
        await page.keyboard.press("Tab");
        await expect(panel.locator("a, button").first()).toBeFocused();
        await summary.focus();
        await page.keyboard.press("Enter");
        await expect(panel).toBeHidden();
      }
    }
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
