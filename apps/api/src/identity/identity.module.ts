import { Module } from '@nestjs/common';
import { AdminIdentityController, IdentityController } from './identity.controller.js';
import { IdentityRepository } from './identity.repository.js';
import { IdentityService } from './identity.service.js';

/** Identity before money moves: the player's submission and date of birth, the reviewer's decisions. */
@Module({
  controllers: [IdentityController, AdminIdentityController],
  providers: [IdentityRepository, IdentityService],
})
export class IdentityModule {}
