/**
 * A new code may be asked for this long after the last one. The server limits codes per address and per IP
 * on its own (and answers 429 with its message); this only keeps a tap-happy player from hitting that limit.
 */
export const RESEND_CODE_COOLDOWN_SECONDS = 30;
