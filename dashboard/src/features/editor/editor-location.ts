/** What the editor's address carries besides its query. */
export type EditorLocationState = {
  generatedOffline?: boolean;
  /**
   * A new post's visit (set on arrival, kept when its first save replaces the address with
   * the post's, so the same editor stays).
   */
  editorKey?: string;
};
