/** Demo entries of the catalogues for the embedded sandbox (called by the demo seed). */
import type { Db } from '../../db/connect';
import { companySituations, howDidFind, lendingReasons, projects } from './schema';
import { generateApiKey } from './projects';

export async function seedCatalogues(db: Db): Promise<number> {
  const situations = await db
    .insert(companySituations)
    .values([
      { label: 'Empresa ativa e regular', percentage: 100, active: true },
      { label: 'Empresa com pendências fiscais', percentage: 60, active: true },
      { label: 'Empresa em recuperação judicial', percentage: 20, active: true },
      { label: 'Empresa inativa na Receita', percentage: 0, active: false },
    ])
    .returning({ id: companySituations.id });
  const found = await db
    .insert(howDidFind)
    .values([
      { label: 'Indicação de amigo', active: true },
      { label: 'Instagram', active: true },
      { label: 'Google', active: true },
      { label: 'Evento presencial', active: true },
      { label: 'Rádio', active: false },
    ])
    .returning({ id: howDidFind.id });
  const reasons = await db
    .insert(lendingReasons)
    .values([
      { label: 'Capital de giro', active: true },
      { label: 'Compra de equipamentos', active: true },
      { label: 'Reforma do ponto comercial', active: true },
      { label: 'Quitação de dívidas', active: true },
      { label: 'Ampliação de estoque', active: false },
    ])
    .returning({ id: lendingReasons.id });
  const demoProjects = await db
    .insert(projects)
    .values([
      {
        title: 'Crédito Empreendedor Mulher',
        description: 'Linha de crédito para empreendedoras de pequenos negócios.',
        url: 'https://exemplo.com.br/empreendedora',
        banner: '',
        api_key: generateApiKey(),
        active: true,
      },
      {
        title: 'Microcrédito Comunidade',
        description: 'Parceria com associações de bairro para microcrédito produtivo.',
        url: 'https://exemplo.com.br/comunidade',
        banner: '',
        api_key: generateApiKey(),
        active: false,
      },
    ])
    .returning({ id: projects.id });
  return situations.length + found.length + reasons.length + demoProjects.length;
}
