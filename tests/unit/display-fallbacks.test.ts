import { describe, expect, it } from "vitest";
import { describeActor } from "~/lib/actor";
import { describeEntity, referenceHref, referenceText, subjectHref } from "~/lib/entity";

describe("describeActor (000 §3.8, §8)", () => {
  it("shows 'N/A' when there is no actor", () => {
    expect(describeActor(null)).toMatchObject({ kind: "missing", text: null, message: "notApplicable" });
    expect(describeActor(undefined)).toMatchObject({ message: "notApplicable" });
  });

  it.each([
    ["no type", { id: "u1", displayName: "Ann" }],
    ["an unknown type", { type: "robot", id: "r1" }],
    ["a type in the wrong case", { type: "User", id: "u1" }],
    ["a non-string type", { type: 3 }],
    ["a string", "user"],
    ["a number", 42],
    ["an array", [{ type: "user" }]],
  ])("shows 'Unexpected data structure' for %s", (_name, actor) => {
    expect(describeActor(actor)).toMatchObject({ kind: "malformed", message: "unexpected", text: null });
  });

  it("shows 'System' for the system", () => {
    expect(describeActor({ type: "system" })).toMatchObject({ kind: "system", message: "system", text: null });
  });

  it("shows a user's display name, with the e-mail next to it", () => {
    expect(describeActor({ type: "user", id: "u1", displayName: "Ann Lee", email: "ann@x.example" })).toMatchObject({
      text: "Ann Lee",
      secondary: "ann@x.example",
      tags: [],
    });
  });

  it("shows a user's e-mail when there is no name", () => {
    expect(describeActor({ type: "user", id: "u1", email: "ann@x.example" })).toMatchObject({
      text: "ann@x.example",
      secondary: null,
      tags: [],
    });
  });

  it("names a user from the company user list when the actor has only the id", () => {
    const users = [{ id: "u1", displayName: "Ann Lee" }];
    expect(describeActor({ type: "user", id: "u1" }, users)).toMatchObject({ text: "Ann Lee", tags: [] });
    expect(describeActor({ type: "user", id: "u1", displayName: "Own Name" }, users)).toMatchObject({
      text: "Own Name",
    });
  });

  it("tags a user with an id but no name or e-mail 'not found'", () => {
    expect(describeActor({ type: "user", id: "u404" })).toMatchObject({ text: "u404", tags: ["notFound"] });
    expect(
      describeActor({ type: "user", id: "u404", displayName: "  ", email: "" }, [{ id: "u1", displayName: "Ann" }]),
    ).toMatchObject({
      text: "u404",
      tags: ["notFound"],
    });
  });

  it("shows 'user not found' for a user with nothing to show", () => {
    expect(describeActor({ type: "user" })).toMatchObject({
      kind: "user",
      message: "userNotFound",
      text: null,
      tags: [],
    });
  });

  it("tags blocked and deleted users", () => {
    expect(describeActor({ type: "user", id: "u1", displayName: "Ann", isBlocked: true })).toMatchObject({
      tags: ["blocked"],
    });
    expect(describeActor({ type: "user", id: "u1", displayName: "Ann", isDeleted: true })).toMatchObject({
      tags: ["deleted"],
    });
    expect(describeActor({ type: "user", id: "u1", isBlocked: true, isDeleted: true })).toMatchObject({
      text: "u1",
      tags: ["notFound", "blocked", "deleted"],
    });
    expect(
      describeActor({ type: "user", id: "u1", displayName: "Ann", isBlocked: false, isDeleted: null }),
    ).toMatchObject({ tags: [] });
  });

  it("shows a group's name, else 'group not found'", () => {
    expect(describeActor({ type: "group", id: "g1", displayName: "Monitors" })).toMatchObject({ text: "Monitors" });
    expect(describeActor({ type: "group", id: "g1" })).toMatchObject({ message: "groupNotFound", text: null });
    expect(describeActor({ type: "group" })).toMatchObject({ message: "groupNotFound" });
  });

  it("shows a company's name, else its id with '(not found)', else 'N/A'", () => {
    expect(describeActor({ type: "company", id: "c1", displayName: "Demo Pharma" })).toMatchObject({
      text: "Demo Pharma",
      notFoundSuffix: false,
    });
    expect(describeActor({ type: "company", id: "c1" })).toMatchObject({ text: "c1", notFoundSuffix: true });
    expect(describeActor({ type: "company" })).toMatchObject({ kind: "company", message: "notApplicable", text: null });
  });
});

describe("describeEntity (000 §8)", () => {
  it("shows the display name first", () => {
    expect(describeEntity({ id: "s1", displayName: "Site 1" })).toEqual({ kind: "name", text: "Site 1" });
  });

  it("shows the id when there is no display name", () => {
    expect(describeEntity({ id: "s1" })).toEqual({ kind: "id", text: "s1" });
    expect(describeEntity({ id: "s1", displayName: " " })).toEqual({ kind: "id", text: "s1" });
  });

  it("shows 'not available' when there is neither", () => {
    expect(describeEntity({})).toEqual({ kind: "missing" });
    expect(describeEntity(null)).toEqual({ kind: "missing" });
    expect(describeEntity(undefined)).toEqual({ kind: "missing" });
  });

  it("links a subject to its page within the study", () => {
    expect(subjectHref({ id: "SUBJ 1" }, "ST-1")).toBe("/patients/study/ST-1/patient/SUBJ%201");
    expect(subjectHref({ id: "SUBJ1" }, null)).toBeNull();
    expect(subjectHref({ displayName: "Subject" }, "ST-1")).toBeNull();
  });
});

describe("references (000 §3.8)", () => {
  it("links a ticket and a mitigation action to their legacy pages", () => {
    expect(referenceHref({ id: "T7", type: "Ticket", displayId: "TCK-7", studyName: "ST 1" })).toBe(
      "/tickets/T7?studyName=ST+1",
    );
    expect(referenceHref({ id: "M3", type: "RiskMitigation", displayId: "MA-3", studyName: "ST1" })).toBe(
      "/viewMitigation?name=M3&studyName=ST1",
    );
  });

  it("does not link other types, or without a study or an id", () => {
    expect(referenceHref({ id: "X", type: "Risk", studyName: "ST1" })).toBeNull();
    expect(referenceHref({ id: "T7", type: "Ticket" })).toBeNull();
    expect(referenceHref({ type: "Ticket", displayId: "TCK-7", studyName: "ST1" })).toBeNull();
  });

  it("shows the display id, else the id", () => {
    expect(referenceText({ id: "T7", displayId: "TCK-7" })).toBe("TCK-7");
    expect(referenceText({ id: "T7" })).toBe("T7");
    expect(referenceText({})).toBeNull();
  });
});
