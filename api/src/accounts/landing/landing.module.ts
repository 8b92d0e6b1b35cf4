import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts.module';
import { LandingController } from './landing.controller';
import { LandingService } from './landing.service';

@Module({ imports: [AccountsModule], controllers: [LandingController], providers: [LandingService] })
export class LandingModule {}
