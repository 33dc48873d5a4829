// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { addKeyword, KeywordsInput, removeKeyword } from "./keywords-input.tsx";

afterEach(cleanup);

describe("keyword rules", () => {
  it("adds a trimmed keyword, ignores blanks and duplicates ignoring case", () => {
    expect(addKeyword([], "  trail running ")).toEqual(["trail running"]);
    expect(addKeyword(["a"], "   ")).toEqual(["a"]);
    expect(addKeyword(["Trail"], "trail")).toEqual(["Trail"]);
    expect(removeKeyword(["a", "b"], "a")).toEqual(["b"]);
  });
});

function Harness() {
  const [keywords, setKeywords] = useState<string[]>([]);
  return <KeywordsInput keywords={keywords} onChange={setKeywords} />;
}

describe("KeywordsInput", () => {
  it("adds on Enter, ignores blank input and removes with the keyword's button", () => {
    render(<Harness />);
    const input = screen.getByLabelText("Focus Keywords") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "hills" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(screen.getByRole("list", { name: "Focus keywords" }).textContent).toContain("hills");
    expect(input.value).toBe("");

    fireEvent.change(input, { target: { value: "  " } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(screen.getAllByRole("listitem")).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: "Remove keyword hills" }));
    expect(screen.queryByRole("listitem")).toBeNull();
  });
});
