import { ApiProperty } from '@nestjs/swagger';
import type { HealthData } from '@app/contracts';

// Response schema of GET /health: a class implementing the contract type, for the API documentation. Up or down only;
// the details are on the operations port.

class HealthCheckDoc implements Readonly<HealthData['checks'][string]> {
  @ApiProperty({ enum: ['up', 'down'] })
  status!: 'up' | 'down';
}

export class HealthDataDoc implements HealthData {
  @ApiProperty({ enum: ['ok', 'error'] })
  status!: 'ok' | 'error';
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/HealthCheckDoc' },
    description: 'postgres and redis',
  })
  checks!: Record<string, HealthCheckDoc>;
}

export const HEALTH_DOC_MODELS = [HealthCheckDoc];
