// The sign-in schemas for the actions: a static import on the server, none in the browser (see ./schemas.ts).
export * from "./schemas";
