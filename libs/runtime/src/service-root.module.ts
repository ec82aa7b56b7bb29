import { Module } from '@nestjs/common';

/** The entry module of a process: the runtime plus the service modules it runs (given at boot). */
@Module({})
export class ServiceRootModule {}
