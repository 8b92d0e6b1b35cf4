import { Injectable } from '@nestjs/common';
import type { Country as CountryShape, ProfileBody } from '@casebridge/contracts';
import { Country, User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../access/actor';
import { toCurrentUser } from './account.mappers';
import { countryCodeOr, RegistrationService } from './registration.service';

@Injectable()
export class ProfileService {
  constructor(
    private readonly em: EntityManager,
    private readonly registration: RegistrationService,
  ) {}

  async countries(): Promise<CountryShape[]> {
    const countries = await this.em.find(Country, {}, { orderBy: { name: 'asc' } });
    return countries.map((country) => ({ id: country.id, name: country.name, country_code: country.countryCode }));
  }

  async updateProfile(actor: Actor, body: z.output<typeof ProfileBody>) {
    const user = await this.em.findOneOrFail(User, actor.userId, { populate: ['company', 'country'] });
    await this.registration.assertEmailFree(body.email, user.id);
    user.firstName = body.first_name;
    user.lastName = body.last_name;
    user.email = body.email;
    user.phone = body.phone;
    user.phoneCountryCode = countryCodeOr(body.phone_country_code, user.phoneCountryCode);
    user.country = body.country_id ? this.em.getReference(Country, body.country_id) : null;
    user.city = body.city;
    user.forceUpdateProfile = false;
    if (body.agree_confirm) this.acceptAgreement(user);
    await this.em.flush();
    await this.em.populate(user, ['country']);
    return { user: toCurrentUser(user) };
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
