/** Every API error answers this JSON shape; `code` is stable, `message` is for people. */
export type ApiErrorBody = {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
  requestId?: string;
};
