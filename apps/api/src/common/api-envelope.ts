import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';

/**
 * Documents a route's success response: the envelope of @app/contracts (`{ success: true, message?, data }`) around
 * `data`, a class that implements the route's contract type (so the document and the wire type cannot drift apart).
 */
export function ApiEnvelope(data: Type<unknown>, options: { status?: number; description?: string } = {}) {
  return applyDecorators(
    ApiExtraModels(data),
    ApiResponse({
      status: options.status ?? 200,
      description: options.description ?? 'Success: the envelope with the data.',
      schema: {
        type: 'object',
        required: ['success', 'data'],
        properties: {
          success: { type: 'boolean', enum: [true] },
          message: { type: 'string' },
          data: { $ref: getSchemaPath(data) },
        },
      },
    }),
  );
}
