import { describe, expect, it } from "vitest";
import { displayName, initialsOf } from "./user-display.ts";

describe("initialsOf (spec section 3)", () => {
  it("takes the first letters of first and last name, upper case", () => {
    expect(initialsOf({ firstName: "ada", lastName: "lovelace", email: "ada@example.com" })).toBe(
      "AL",
    );
  });
  it("takes the first name's letter when there is no last name", () => {
    expect(initialsOf({ firstName: "grace", lastName: null, email: "g@example.com" })).toBe("G");
    expect(initialsOf({ firstName: "Grace", lastName: "  ", email: null })).toBe("G");
  });
  it("ignores a last name without a first name and uses the e-mail", () => {
    expect(initialsOf({ firstName: null, lastName: "Hopper", email: "hopper@example.com" })).toBe(
      "H",
    );
  });
  it("falls back to U", () => {
    expect(initialsOf({ firstName: null, lastName: null, email: null })).toBe("U");
    expect(initialsOf({ firstName: "", lastName: "", email: "" })).toBe("U");
    expect(initialsOf(null)).toBe("U");
  });
});

describe("displayName (spec section 3)", () => {
  it("joins first and last name", () => {
    expect(displayName({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" })).toBe(
      "Ada Lovelace",
    );
  });
  it("uses the first name alone", () => {
    expect(displayName({ firstName: "Ada", lastName: null, email: "ada@example.com" })).toBe("Ada");
  });
  it("uses the part of the e-mail before the at-sign", () => {
    expect(displayName({ firstName: null, lastName: null, email: "ada.l@example.com" })).toBe(
      "ada.l",
    );
    expect(displayName({ firstName: "  ", lastName: "Lovelace", email: "x@example.com" })).toBe(
      "x",
    );
  });
  it("falls back to User", () => {
    expect(displayName({ firstName: null, lastName: null, email: null })).toBe("User");
    expect(displayName({ firstName: null, lastName: null, email: "@example.com" })).toBe("User");
    expect(displayName(undefined)).toBe("User");
  });
});
