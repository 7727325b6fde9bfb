import { Module } from '@nestjs/common';
import { PresenceModule } from '../presence/presence.module.js';
import { AdminChartsRepository } from './admin-charts.repository.js';
import { AdminChartsService } from './admin-charts.service.js';
import { AdminConsoleController } from './admin-console.controller.js';
import { AdminDashboardRepository } from './admin-dashboard.repository.js';
import { AdminDashboardService } from './admin-dashboard.service.js';
import { AdminProfileService } from './admin-profile.service.js';

/** The admin console beside the payment review: the dashboard's figures, lists and charts, and the admin's profile. */
@Module({
  imports: [PresenceModule],
  controllers: [AdminConsoleController],
  providers: [
    AdminDashboardRepository,
    AdminDashboardService,
    AdminProfileService,
    AdminChartsRepository,
    AdminChartsService,
  ],
})
export class AdminConsoleModule {}
