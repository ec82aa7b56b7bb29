import { Module } from '@nestjs/common';
import { ProbeHttpController } from './probe.http.controller.js';
import { ProbeNatsController } from './probe.nats.controller.js';

/** The probe's message handlers (the "service"). */
@Module({ controllers: [ProbeNatsController] })
export class ProbeServiceModule {}

/** The probe's HTTP edge (the "gateway"). */
@Module({ controllers: [ProbeHttpController] })
export class ProbeEdgeModule {}
