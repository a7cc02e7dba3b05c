/** Before every test, one turn of the worker's event loop, so RPC replies are read between tests (see ./yieldToLoop.ts). */
import { beforeEach } from 'vitest';
import { yieldToLoop } from './yieldToLoop.ts';

beforeEach(yieldToLoop);
