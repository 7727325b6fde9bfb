import { ApiProperty } from '@nestjs/swagger';
import type {
  AuthUser,
  LoginData,
  RefreshTokenData,
  RegisterCodeSentData,
  RegisterCreatedData,
  Role,
} from '@app/contracts';
import { ROLES } from '@app/domain';

// Response schemas of the sign-in routes: classes implementing the contracts' types, for the API documentation.

export class AuthUserDoc implements AuthUser {
  @ApiProperty()
  _id!: string;
  @ApiProperty({ description: 'The username' })
  name!: string;
  @ApiProperty()
  email!: string;
  @ApiProperty({ enum: ROLES })
  role!: Role;
}

export class LoginDataDoc implements LoginData {
  @ApiProperty({ type: AuthUserDoc })
  user!: AuthUserDoc;
  @ApiProperty({
    description: 'Bearer token for the API and the socket handshake; the refresh token is an httpOnly cookie',
  })
  accessToken!: string;
}

export class RefreshTokenDataDoc implements RefreshTokenData {
  @ApiProperty()
  accessToken!: string;
}

export class RegisterCodeSentDataDoc implements RegisterCodeSentData {
  @ApiProperty({ enum: [true] })
  otpSent!: true;
  @ApiProperty()
  email!: string;
}

export class RegisterCreatedDataDoc implements RegisterCreatedData {
  @ApiProperty({ type: AuthUserDoc })
  user!: AuthUserDoc;
}

/** `data` of a call that answers with its message only. */
export class EmptyDataDoc implements Record<string, never> {
  [key: string]: never;
}
