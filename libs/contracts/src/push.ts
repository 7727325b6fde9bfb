/** Web push (docs/app-shell.md, "Push"). */

/** GET /push/key: the VAPID public key browsers subscribe with, or null when the operator has not turned push on. */
export interface PushKeyData {
  publicKey: string | null;
}

/** PUT /push/subscription: a browser's PushSubscription as `toJSON()` gives it. */
export interface PushSubscriptionRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** DELETE /push/subscription: the browser's endpoint to forget. */
export interface PushUnsubscribeRequest {
  endpoint: string;
}

export interface PushSubscriptionData {
  subscribed: boolean;
}
