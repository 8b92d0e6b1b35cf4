import { Injectable } from '@nestjs/common';
import type { Country as CountryShape, ProfileBody } from '@casebridge/contracts';
import { Country, User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { toCurrentUser } from '../account.mappers';
import { EmailChangeService } from '../email-change.service';
import { countryCodeOr } from '../registration.service';

@Injectable()
export class ProfileService {
  constructor(
    private readonly em: EntityManager,
    private readonly emailChanges: EmailChangeService,
  ) {}

  async countries(): Promise<CountryShape[]> {
    const countries = await this.em.find(Country, {}, { orderBy: { name: 'asc' } });
    return countries.map((country) => ({ id: country.id, name: country.name, country_code: country.countryCode }));
  }

  /** Saves the contact details; a new e-mail address waits for its confirmation link (EmailChangeService). */
  async updateProfile(actor: Actor, body: z.output<typeof ProfileBody>) {
    const user = await this.em.findOneOrFail(User, actor.userId, { populate: ['company', 'country'] });
    const emailChange =
      body.email === user.email
        ? null
        : await this.emailChanges.prepare(actor, user, body.email, body.current_password);
    user.firstName = body.first_name;
    user.lastName = body.last_name;
    user.phone = body.phone;
    user.phoneCountryCode = countryCodeOr(body.phone_country_code, user.phoneCountryCode);
    user.country = body.country_id ? this.em.getReference(Country, body.country_id) : null;
    user.city = body.city;
    user.forceUpdateProfile = false;
    if (body.agree_confirm) this.acceptAgreement(user);
    await this.em.flush();
    await this.em.populate(user, ['country']);
    const message = emailChange ? await this.emailChanges.announce(emailChange) : null;
    return { user: toCurrentUser(user), message };
  }

  async acceptPrivacyPolicy(actor: Actor) {
    const user = await this.em.findOneOrFail(User, actor.userId, { populate: ['company'] });
    this.acceptAgreement(user);
    await this.em.flush();
    return { user: toCurrentUser(user) };
  }

  private acceptAgreement(user: User): void {
    user.agreementDate = new Date();
    user.forceUpdateAgreement = false;
  }
}
