import { Module } from '@nestjs/common';
import { PresenceModule } from '../presence/presence.module.js';
import { AdminConsoleController } from './admin-console.controller.js';
import { AdminDashboardRepository } from './admin-dashboard.repository.js';
import { AdminDashboardService } from './admin-dashboard.service.js';
import { AdminProfileService } from './admin-profile.service.js';

/** The admin console beside the payment review: the dashboard's figures and lists, and the admin's profile. */
@Module({
  imports: [PresenceModule],
  controllers: [AdminConsoleController],
  providers: [AdminDashboardRepository, AdminDashboardService, AdminProfileService],
})
export class AdminConsoleModule {}
