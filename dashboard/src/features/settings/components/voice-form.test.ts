import type { BlogVoice } from "@contracts/voice.ts";
import { describe, expect, it } from "vitest";
import { type VoiceForm, voiceFormOf, voiceFormSchema } from "./voice-form.ts";

const saved: BlogVoice = {
  personaName: "Mara Quell",
  personaBio: "Clay gardener.",
  personaCredentials: null,
  personaLinks: ["https://example.org/mara", "https://social.example/@mara"],
  personaPhotoId: "photo1",
  personaPhotoUrl: "/media/x.jpg",
  personaResponsibleUserId: "editor1",
  tone: "Warm",
  readingLevel: null,
  wordsToUse: ["tilth", "raised bed"],
  wordsToAvoid: [],
  examplePostIds: ["p1"],
  examples: [{ id: "p1", title: "Clay, year one" }],
  sourceUrls: ["https://example.org/soil"],
  sourceNotes: ["pH 7.8.", "Dug in March."],
};

const form = (over: Partial<VoiceForm> = {}): VoiceForm => ({ ...voiceFormOf(saved), ...over });

describe("the Voice form", () => {
  it("shows the saved voice and sends it back unchanged", () => {
    expect(voiceFormOf(saved)).toEqual({
      personaName: "Mara Quell",
      personaBio: "Clay gardener.",
      personaCredentials: "",
      personaLinks: "https://example.org/mara\nhttps://social.example/@mara",
      personaPhotoId: "photo1",
      personaResponsibleUserId: "editor1",
      tone: "Warm",
      readingLevel: "",
      wordsToUse: "tilth, raised bed",
      wordsToAvoid: "",
      examplePostIds: ["p1"],
      sourceUrls: "https://example.org/soil",
      sourceNotes: [{ text: "pH 7.8." }, { text: "Dug in March." }],
    });
    const { personaPhotoUrl: _, examples: __, ...input } = saved;
    expect(voiceFormSchema.parse(voiceFormOf(saved))).toEqual(input);
  });

  it("reads lines and commas as typed, dropping empty ones", () => {
    const parsed = voiceFormSchema.parse(
      form({
        personaLinks: "\n https://a.example/ \r\n\n",
        wordsToUse: " tilth ,, loam ,",
        sourceNotes: [{ text: "  " }, { text: " A note. " }],
        personaName: "  ",
      }),
    );
    expect(parsed).toMatchObject({
      personaName: null,
      personaLinks: ["https://a.example/"],
      wordsToUse: ["tilth", "loam"],
      sourceNotes: ["A note."],
    });
  });

  it("puts each problem on its field, saying which entry it is", () => {
    const result = voiceFormSchema.safeParse(
      form({
        personaName: "x".repeat(101),
        personaLinks: "https://ok.example\nftp://files.example",
        sourceUrls: "not an address",
        sourceNotes: [{ text: "fine" }, { text: "n".repeat(5001) }],
        wordsToAvoid: Array.from({ length: 31 }, (_, i) => `w${i}`).join(","),
      }),
    );
    expect(result.success).toBe(false);
    expect(
      result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message })),
    ).toEqual([
      { path: ["personaName"], message: "Author name must be at most 100 characters" },
      {
        path: ["personaLinks"],
        message:
          "“ftp://files.example” must be a full http(s) address, like https://example.com/page",
      },
      { path: ["wordsToAvoid"], message: "Words to avoid: at most 30 entries" },
      {
        path: ["sourceUrls"],
        message: "“not an address” must be a full http(s) address, like https://example.com/page",
      },
      { path: ["sourceNotes"], message: "Note 2 must be at most 5000 characters" },
    ]);
  });
});
