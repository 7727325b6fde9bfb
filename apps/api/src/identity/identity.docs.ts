import { ApiProperty } from '@nestjs/swagger';
import type {
  AdminIdentitiesData,
  AdminIdentityData,
  AdminIdentitySubmission,
  IdentityDocumentInfo,
  PlayerIdentity,
  PlayerIdentityData,
} from '@app/contracts';
import { IDENTITY_STATUSES, type IdentityStatus } from '@app/domain';

// Response schemas of the identity routes. No schema has a field for a full document number: only the masked one.

export class IdentityDocumentInfoDoc implements IdentityDocumentInfo {
  @ApiProperty({ example: 'PAN' })
  type!: string;
  @ApiProperty({ example: 'PAN' })
  name!: string;
  @ApiProperty({
    example: '[A-Z]{5}[0-9]{4}[A-Z]',
    description: 'Matched against the number upper-cased without spaces, anchored',
  })
  pattern!: string;
  @ApiProperty({ example: 'ABCDE1234F' })
  example!: string;
}
export class PlayerIdentityDoc implements PlayerIdentity {
  @ApiProperty({ enum: IDENTITY_STATUSES })
  status!: IdentityStatus;
  @ApiProperty({ type: String, nullable: true, example: 'Ravi Kumar' })
  fullName!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'PAN' })
  documentType!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'XXXXX1234F', description: 'Masked' })
  documentNumber!: string | null;
  @ApiProperty({ type: String, nullable: true })
  submittedAt!: string | null;
  @ApiProperty({ type: String, nullable: true })
  decidedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The reviewer's reason of a rejection" })
  rejectionReason!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2000-05-31',
    description: 'Null for an account older than the field',
  })
  dateOfBirth!: string | null;
  @ApiProperty({ type: IdentityDocumentInfoDoc })
  document!: IdentityDocumentInfoDoc;
  @ApiProperty({
    example: 50000,
    description: 'Rupees of deposits (approved and waiting) allowed before a verified identity is needed',
  })
  depositThreshold!: number;
  @ApiProperty({ example: 1500, description: "The player's deposits approved or waiting for review, rupees" })
  deposited!: number;
}
export class PlayerIdentityDataDoc implements PlayerIdentityData {
  @ApiProperty({ type: PlayerIdentityDoc })
  identity!: PlayerIdentityDoc;
}

export class AdminIdentitySubmissionDoc implements AdminIdentitySubmission {
  @ApiProperty()
  submissionId!: string;
  @ApiProperty()
  userId!: string;
  @ApiProperty()
  username!: string;
  @ApiProperty()
  email!: string;
  @ApiProperty({ enum: IDENTITY_STATUSES })
  status!: IdentityStatus;
  @ApiProperty({ example: 'Ravi Kumar' })
  fullName!: string;
  @ApiProperty({ example: 'PAN' })
  documentType!: string;
  @ApiProperty({ example: 'XXXXX1234F', description: 'Masked' })
  documentNumber!: string;
  @ApiProperty({ type: String, nullable: true })
  dateOfBirth!: string | null;
  @ApiProperty()
  submittedAt!: string;
  @ApiProperty({ type: String, nullable: true })
  decidedAt!: string | null;
  @ApiProperty({ type: String, nullable: true })
  rejectionReason!: string | null;
  @ApiProperty({ description: 'Other accounts that submitted the same document number', example: 0 })
  sameNumberAccounts!: number;
}
export class AdminIdentitiesDataDoc implements AdminIdentitiesData {
  @ApiProperty({ type: [AdminIdentitySubmissionDoc], description: 'Oldest pending first, at most 100' })
  submissions!: AdminIdentitySubmissionDoc[];
}
export class AdminIdentityDataDoc implements AdminIdentityData {
  @ApiProperty({ type: AdminIdentitySubmissionDoc })
  submission!: AdminIdentitySubmissionDoc;
}
