/**
 * How many characters a password input takes, on every screen (login, register, reset).
 *
 * The original login input stopped at 10 characters (SPEC 5, 9), but a password reset allows up to 16 and
 * registration sets no upper limit in the spec (the server caps every password at 128). A login input that cuts
 * a longer password at 10 would lock its owner out, so the inputs take up to the server's cap and the rules of
 * each form (at least 6; at most 16 on reset, with the spec's message) decide what is accepted.
 */
export const PASSWORD_INPUT_MAX_LENGTH = 128;
