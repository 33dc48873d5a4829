import { z } from "zod";

/**
 * The product's forms show the classic generic messages ('Required',
 * 'String must contain at most N character(s)'). zod 4 words them differently,
 * so one error map restores them for every schema, in the API and the dashboard.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case "invalid_type":
        return issue.input === undefined ? "Required" : `Expected ${issue.expected}`;
      case "too_big":
        if (issue.origin === "string") {
          return `String must contain at most ${issue.maximum} character(s)`;
        }
        if (issue.origin === "array") {
          return `Array must contain at most ${issue.maximum} element(s)`;
        }
        if (issue.origin === "number" || issue.origin === "int") {
          return `Number must be less than or equal to ${issue.maximum}`;
        }
        return undefined;
      case "too_small":
        if (issue.origin === "string") {
          return `String must contain at least ${issue.minimum} character(s)`;
        }
        if (issue.origin === "array") {
          return `Array must contain at least ${issue.minimum} element(s)`;
        }
        if (issue.origin === "number" || issue.origin === "int") {
          return `Number must be greater than or equal to ${issue.minimum}`;
        }
        return undefined;
      default:
        return undefined;
    }
  },
});

export { z };
