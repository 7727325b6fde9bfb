import { Inject, Injectable, Logger } from '@nestjs/common';
import webpush from 'web-push';
import { AppConfig } from '@app/config';
import { PushRepository } from './push.repository.js';

/** What a push shows (the service worker's `pushNotification` reads it): a title, a line, a tag and a path to open. */
export interface PushMessage {
  title: string;
  body: string;
  /** One notification per subject: a later push with the same tag replaces the earlier one. */
  tag: string;
  /** A path inside the app, e.g. /wallet. */
  url: string;
}

/** How long a push service keeps a message for a browser that is offline. */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 5_000;

/**
 * Sends web push messages to a player's browsers (encrypted per RFC 8291, signed with the operator's VAPID key per
 * RFC 8292). Off when no key is configured. Never throws: a push is a courtesy beside the in-app notice and the
 * e-mail; an endpoint the push service says is gone (404, 410) is forgotten.
 */
@Injectable()
export class PushSender {
  private readonly logger = new Logger('PushSender');

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(PushRepository) private readonly subscriptions: PushRepository,
  ) {}

  get enabled(): boolean {
    return this.config.webPush !== null;
  }

  /** Sends `message` to every browser of the player; resolves with how many push services accepted it. */
  async send(userId: string, message: PushMessage): Promise<number> {
    const vapid = this.config.webPush;
    if (!vapid) return 0;
    let delivered = 0;
    try {
      const targets = await this.subscriptions.ofPlayer(userId);
      const payload = JSON.stringify(message);
      await Promise.all(
        targets.map(async (target) => {
          try {
            await webpush.sendNotification(
              { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
              payload,
              {
                vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
                TTL: TTL_SECONDS,
                timeout: TIMEOUT_MS,
                urgency: 'normal',
                topic: topicOf(message.tag),
              },
            );
            delivered += 1;
          } catch (error) {
            const status = (error as { statusCode?: number }).statusCode;
            if (status === 404 || status === 410) await this.subscriptions.forget(target.endpoint);
            else
              this.logger.warn({
                msg: 'push not delivered',
                status: status ?? null,
                error: (error as Error).message,
                host: hostOf(target.endpoint),
              });
          }
        }),
      );
    } catch (error) {
      this.logger.warn({ msg: 'push not sent', error: (error as Error).message });
    }
    return delivered;
  }
}

/** A push topic is at most 32 URL-safe base64 characters: the tag's own characters, trimmed. */
function topicOf(tag: string): string | undefined {
  const topic = tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
  return topic || undefined;
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}
