import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import type { PushSubscriptionRequest, PushUnsubscribeRequest } from '@app/contracts';
import { type SameFields } from '../common/contract-fields.js';

export const PUSH_MESSAGES = {
  endpoint: 'The push endpoint must be an https:// URL.',
  keys: "The browser's push keys are missing or malformed.",
  off: 'Push notifications are not enabled on this server.',
} as const;

const ENDPOINT = /^https:\/\/[^\s]{3,}$/;

export class PushKeysDto {
  @ApiProperty({ description: "The browser's P-256 key, base64url (65 bytes)" })
  @IsString({ message: PUSH_MESSAGES.keys })
  @Matches(/^[A-Za-z0-9_-]{80,100}$/, { message: PUSH_MESSAGES.keys })
  p256dh!: string;

  @ApiProperty({ description: "The browser's auth secret, base64url (16 bytes)" })
  @IsString({ message: PUSH_MESSAGES.keys })
  @Matches(/^[A-Za-z0-9_-]{16,32}$/, { message: PUSH_MESSAGES.keys })
  auth!: string;
}

export class PushSubscriptionDto {
  @ApiProperty({
    description: "The push service's URL for this browser",
    example: 'https://fcm.googleapis.com/fcm/send/…',
  })
  @IsString({ message: PUSH_MESSAGES.endpoint })
  @MaxLength(2000, { message: PUSH_MESSAGES.endpoint })
  @Matches(ENDPOINT, { message: PUSH_MESSAGES.endpoint })
  endpoint!: string;

  @ApiProperty({ type: PushKeysDto })
  @IsDefined({ message: PUSH_MESSAGES.keys })
  @ValidateNested()
  @Type(() => PushKeysDto)
  keys!: PushKeysDto;
}

export class PushUnsubscribeDto {
  @ApiProperty({ description: 'The endpoint to forget' })
  @IsString({ message: PUSH_MESSAGES.endpoint })
  @MaxLength(2000, { message: PUSH_MESSAGES.endpoint })
  @Matches(ENDPOINT, { message: PUSH_MESSAGES.endpoint })
  endpoint!: string;
}

export class PushKeyDataDoc {
  @ApiProperty({ type: String, nullable: true, description: 'VAPID public key (base64url), null when push is off' })
  publicKey!: string | null;
}

export class PushSubscriptionDataDoc {
  @ApiProperty()
  subscribed!: boolean;
}

const _subscribeFields: SameFields<PushSubscriptionDto, PushSubscriptionRequest> = true;
const _unsubscribeFields: SameFields<PushUnsubscribeDto, PushUnsubscribeRequest> = true;
