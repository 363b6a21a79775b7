/**
 * The public catalogues and the health check. The docs give only the memory-types row
 * (`{ id, memory_type, category }`, snake_case unlike the price endpoints); the other shapes are
 * the sandbox's choice, in the usual `{ success, count, data }` envelope:
 * - `/api/gpu-types`: `{ gpu_name, free }` for each of the six models (`free`: in the no-key tier);
 * - `/api/gpu-types-free`: the same rows for the five free models only;
 * - `/health`: `{ status: "ok", database: "ok" }` (the sandbox has no database to lose).
 */
import { GPU_MODELS, type GpuModel } from '../../domain/catalogues/gpus.js';
import { MEMORY_TYPES } from '../../domain/catalogues/memory-types.js';

/** The models the no-key (Index) tier covers: every model but RTX PRO 6000 WS. */
export const FREE_GPU_MODELS: readonly GpuModel[] = GPU_MODELS.filter((m) => m !== 'RTX PRO 6000 WS');

/** True when a model is served without a key. */
export function isFreeGpu(gpu: GpuModel): boolean {
  return FREE_GPU_MODELS.includes(gpu);
}

/** Body of `/api/gpu-types` (all six) or `/api/gpu-types-free` (the free five). */
export function gpuTypesBody(freeOnly: boolean): { success: true; count: number; data: { gpu_name: GpuModel; free: boolean }[] } {
  const data = (freeOnly ? FREE_GPU_MODELS : GPU_MODELS).map((gpu_name) => ({ gpu_name, free: isFreeGpu(gpu_name) }));
  return { success: true, count: data.length, data };
}

/** Body of `/api/memory-types`: every type as `{ id, memory_type, category }`. */
export function memoryTypesBody(): { success: true; count: number; data: { id: string; memory_type: string; category: string }[] } {
  const data = MEMORY_TYPES.map((t) => ({ id: t.id, memory_type: t.name, category: t.category }));
  return { success: true, count: data.length, data };
}

/** Body of `/health`. */
export function healthBody(): { status: 'ok'; database: 'ok' } {
  return { status: 'ok', database: 'ok' };
}
