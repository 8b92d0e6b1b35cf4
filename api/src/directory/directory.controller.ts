import { Controller, Header } from '@nestjs/common';
import {
  CompanyNoteBody,
  dashboardApi,
  FavoriteToggleBody,
  InviteBody,
  MissingPartnerBody,
  ResultToSearchBody,
  SaveSearchBody,
} from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../platform/access/actor';
import { CurrentActor } from '../platform/access/current-actor.decorator';
import { IdParam, Route, TextParam, ValidBody } from '../platform/common/contract-route';
import { CompanyNoteService } from './company-note.service';
import { DirectoryService } from './directory.service';
import { FavoritesService } from './favorites.service';
import { NewsService } from './news.service';
import { OutreachService } from './outreach.service';

/** The dashboard's calls: directory, favourites, searches, note, news, invites, hints. */
@Controller()
export class DirectoryController {
  constructor(
    private readonly directory: DirectoryService,
    private readonly favorites: FavoritesService,
    private readonly companyNote: CompanyNoteService,
    private readonly news: NewsService,
    private readonly outreach: OutreachService,
  ) {}

  @Route(dashboardApi.directory)
  list(@CurrentActor() actor: Actor) {
    return this.directory.directory(actor);
  }

  @Route(dashboardApi.favorites)
  favoriteList(@CurrentActor() actor: Actor) {
    return this.favorites.list(actor);
  }

  @Route(dashboardApi.toggleFavorite)
  toggleFavorite(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof FavoriteToggleBody>) {
    return this.favorites.toggle(actor, body);
  }

  @Route(dashboardApi.saveSearch)
  saveSearch(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof SaveSearchBody>) {
    return this.favorites.saveSearch(actor, body);
  }

  @Route(dashboardApi.resultToSearch)
  resultToSearch(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof ResultToSearchBody>) {
    return this.favorites.resultToSearch(actor, body);
  }

  @Route(dashboardApi.companyNote)
  note(@CurrentActor() actor: Actor) {
    return this.companyNote.get(actor);
  }

  @Route(dashboardApi.saveCompanyNote)
  saveNote(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof CompanyNoteBody>) {
    return this.companyNote.save(actor, body);
  }

  @Route(dashboardApi.news)
  latestNews() {
    return this.news.latest();
  }

  @Route(dashboardApi.invite)
  invite(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof InviteBody>) {
    return this.outreach.invite(actor, body);
  }

  @Route(dashboardApi.missingPartner)
  missingPartner(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof MissingPartnerBody>) {
    return this.outreach.missingPartner(actor, body);
  }

  @Route(dashboardApi.helpHint)
  helpHint(@CurrentActor() actor: Actor, @TextParam('flag') flag: string) {
    return this.outreach.helpHint(actor, flag);
  }

  @Route(dashboardApi.company)
  company(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.directory.company(actor, id);
  }

  @Route(dashboardApi.companyLogo)
  // Uploaded SVGs are images, never documents that run code on our origin.
  @Header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Cache-Control', 'public, max-age=300')
  logo(@TextParam('slug') slug: string) {
    return this.directory.logo(slug);
  }
}
