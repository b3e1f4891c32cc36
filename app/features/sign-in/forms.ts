/**
 * The sign-in pages' schemas as the form kit's light engine takes them (ADR 0050): loaded after the first paint, with
 * the validation runtime.
 */
const schemas = () => import("./schemas");

export const loadLoginSchema = () => schemas().then((module) => module.loginSchema);
export const loadPasswordSchema = () => schemas().then((module) => module.passwordSchema);
export const loadCodeSchema = () => schemas().then((module) => module.codeSchema);
export const loadForgotPasswordSchema = () => schemas().then((module) => module.forgotPasswordSchema);
export const loadSetNewPasswordSchema = () => schemas().then((module) => module.setNewPasswordSchema);
