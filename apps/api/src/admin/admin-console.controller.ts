import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminProfileData, ApiSuccess, DashboardCharts, DashboardData } from '@app/contracts';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, Roles } from '../auth/decorators.js';
import { ok } from '../common/respond.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { DashboardChartsDoc } from './admin-charts.docs.js';
import { AdminProfileDataDoc, DashboardDataDoc } from './admin-console.docs.js';
import { AdminChartsService } from './admin-charts.service.js';
import { AdminDashboardService } from './admin-dashboard.service.js';
import { AdminProfileService } from './admin-profile.service.js';

/** The admin panel's Dashboard and Setting tabs. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('super-admin')
@Controller('admin')
export class AdminConsoleController {
  constructor(
    @Inject(AdminProfileService) private readonly profiles: AdminProfileService,
    @Inject(AdminDashboardService) private readonly dashboards: AdminDashboardService,
    @Inject(AdminChartsService) private readonly charts: AdminChartsService,
  ) {}

  @Get('admin-profile')
  @ApiOperation({
    summary: "The signed-in super-admin's profile; status is 'online' while they have a live socket on any api node",
  })
  @ApiEnvelope(AdminProfileDataDoc)
  async profile(@CurrentUser() admin: AuthUser): Promise<ApiSuccess<AdminProfileData>> {
    return ok({ admin: await this.profiles.profile(admin) });
  }

  @Get('dashboard')
  @ApiOperation({
    summary:
      'Platform figures (money as exact rupee text, counts otherwise) and the latest 10 users, bets and game results',
  })
  @ApiEnvelope(DashboardDataDoc)
  async dashboard(): Promise<ApiSuccess<DashboardData>> {
    return ok(await this.dashboards.dashboard());
  }

  @Get('dashboard/charts')
  @ApiOperation({
    summary:
      'Chart series: the last 50 settled rounds (bets, stake volume, house result) and approved deposits and withdrawals per IST day for 14 days; money as exact rupee text, oldest first',
  })
  @ApiEnvelope(DashboardChartsDoc)
  async dashboardCharts(): Promise<ApiSuccess<DashboardCharts>> {
    return ok(await this.charts.charts());
  }
}
