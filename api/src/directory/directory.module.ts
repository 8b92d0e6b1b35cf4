import { Module } from '@nestjs/common';
import { CompanyNoteService } from './company-note.service';
import { DirectoryController } from './directory.controller';
import { DirectoryService } from './directory.service';
import { FavoritesService } from './favorites.service';
import { MemberContextService } from './member-context.service';
import { NewsService } from './news.service';
import { OutreachService } from './outreach.service';

/** The dashboard: partner directory, favourites, searches, company note, news, invites and help hints. */
@Module({
  controllers: [DirectoryController],
  providers: [
    MemberContextService,
    DirectoryService,
    FavoritesService,
    CompanyNoteService,
    NewsService,
    OutreachService,
  ],
  exports: [MemberContextService, DirectoryService],
})
export class DirectoryModule {}
