import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module.js';
import { PlayBreaksModule } from '../../play-breaks/play-breaks.module.js';
import { CareController } from './care.controller.js';
import { CareRepository } from './care.repository.js';
import { CareService } from './care.service.js';

/** The console's Care tab: flagged players, contact notes, operator breaks. */
@Module({
  imports: [AuthModule, PlayBreaksModule],
  controllers: [CareController],
  providers: [CareRepository, CareService],
})
export class CareModule {}
