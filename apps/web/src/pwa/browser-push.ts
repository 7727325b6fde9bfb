/** The browser's side of web push (Notification, the service worker's PushManager), behind one small seam. */

export function pushSupported(win: Window = window): boolean {
  return 'Notification' in win && 'PushManager' in win && 'serviceWorker' in win.navigator;
}

export function notificationPermission(win: Window = window): NotificationPermission | 'unsupported' {
  return pushSupported(win)
    ? (win as Window & { Notification: typeof Notification }).Notification.permission
    : 'unsupported';
}

/** The VAPID key (base64url) as the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the player, then subscribes this browser; null when the player said no. */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionJSON | null> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return null;
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  return subscription.toJSON();
}
