import { activationAnswerSchema, vipAnswerSchema } from '@nimbus/contracts';
import { z } from 'zod';

export { activationAnswerSchema, vipAnswerSchema };

/** `POST /vip/v1/order/activation-code`. */
export const activationBodySchema = z
  .object({
    /** The code as the member typed it; spaces, dashes and case do not matter. */
    activation_code: z.string().min(1).max(128),
    /** Client context the web app sends along; accepted and not stored. */
    data: z.union([z.string().max(4096), z.record(z.string(), z.unknown())]).optional(),
  })
  .strict();
