import { Injectable, type OnModuleInit } from '@nestjs/common';
import { loadCommonPasswords } from '@app/domain';

/** The common-password list of @app/domain, loaded once at start-up for the register and reset checks. */
@Injectable()
export class CommonPasswords implements OnModuleInit {
  private list?: ReadonlySet<string>;

  async onModuleInit(): Promise<void> {
    this.list = await loadCommonPasswords();
  }

  get set(): ReadonlySet<string> {
    if (!this.list) throw new Error('the common-password list is not loaded');
    return this.list;
  }
}
