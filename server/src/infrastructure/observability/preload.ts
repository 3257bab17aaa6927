/**
 * Loaded with `--import` before the server's modules (server/package.json `start`), so that the
 * instrumentations see fastify, http and pg load. Without an OTLP endpoint it imports nothing more: tracing
 * off costs one environment check.
 */
import { tracingEnabled } from '../config/tracing-switch.ts';

if (tracingEnabled()) await import('./tracing.ts');
