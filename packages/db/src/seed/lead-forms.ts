import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { leadForms, type LeadFormCopy, type LeadFormFieldRow } from '../schema/index.ts';

type Lang = 'en' | 'ar' | 'da' | 'de' | 'es' | 'fi' | 'fr' | 'it' | 'nl' | 'no' | 'pl' | 'pt' | 'sv' | 'tr';
type Copy = Record<Lang, [title: string, intro: string]>;

const f = (spec: string): LeadFormFieldRow[] =>
  spec.split(' ').map((token) => ({ key: token.replace(/\*$/, ''), required: token.endsWith('*') }));

/** The contact block most forms ask for; the address part (country, area, postal code) is checked by the address rules. */
const CONTACT = 'FIRST_NAME* LAST_NAME* EMAIL* PHONE ORGANIZATION_NAME* JOB_TITLE* PRACTICE_PLACE* SPECIALTY COUNTRY* COUNTRY_AREA POSTAL_CODE';
const TAIL = 'HEARD_ABOUT_US HEARD_ABOUT_US_OTHER COMMENT EMAIL_OPT_IN';
const SHORT = 'FIRST_NAME* LAST_NAME* EMAIL* ORGANIZATION_NAME* JOB_TITLE* COUNTRY*';

/**
 * The demo forms. Their copy says only what happens: the request is stored and goes to the named team.
 * English is the fallback; en-US reads the English copy.
 */
const FORMS: Array<{ path: string; kind: string; name: string; market?: 'HUMAN' | 'VETERINARY'; department: string; fields: string; eventStartsAt?: string; copy: Copy }> = [
  {
    path: 'demo', kind: 'DEMO', name: 'demo-request', department: 'HUMAN_COMMERCIAL', fields: `${CONTACT} ${TAIL}`,
    copy: {
      en: ['Book a demo', 'Tell us about your practice and our sales team will contact you to arrange a demonstration of the probes.'],
      ar: ['احجز عرضًا توضيحيًا', 'أخبرنا عن ممارستك وسيتواصل معك فريق المبيعات لترتيب عرض توضيحي للمجسات.'],
      da: ['Book en demo', 'Fortæl os om din praksis, så kontakter vores salgsteam dig for at aftale en demonstration af proberne.'],
      de: ['Demo vereinbaren', 'Erzählen Sie uns von Ihrer Praxis; unser Vertriebsteam meldet sich, um eine Vorführung der Sonden zu vereinbaren.'],
      es: ['Solicite una demostración', 'Háblenos de su consulta y nuestro equipo comercial le contactará para organizar una demostración de las sondas.'],
      fi: ['Varaa esittely', 'Kerro meille vastaanotostasi, niin myyntitiimimme ottaa yhteyttä ja sopii antureiden esittelystä.'],
      fr: ['Demander une démonstration', 'Parlez-nous de votre cabinet : notre équipe commerciale vous contactera pour organiser une démonstration des sondes.'],
      it: ['Prenota una demo', 'Raccontaci della tua struttura: il nostro team commerciale ti contatterà per organizzare una dimostrazione delle sonde.'],
      nl: ['Vraag een demo aan', 'Vertel ons over uw praktijk; ons verkoopteam neemt contact op om een demonstratie van de probes af te spreken.'],
      no: ['Bestill en demo', 'Fortell oss om praksisen din, så kontakter salgsteamet vårt deg for å avtale en demonstrasjon av probene.'],
      pl: ['Umów prezentację', 'Opowiedz nam o swojej praktyce, a nasz zespół sprzedaży skontaktuje się, aby umówić prezentację głowic.'],
      pt: ['Marque uma demonstração', 'Fale-nos da sua prática e a nossa equipa comercial entrará em contacto para combinar uma demonstração das sondas.'],
      sv: ['Boka en demo', 'Berätta om din verksamhet så kontaktar vårt säljteam dig för att boka en demonstration av proberna.'],
      tr: ['Demo talep edin', 'Bize muayenehanenizden bahsedin; satış ekibimiz problerin tanıtımını planlamak için sizinle iletişime geçsin.'],
    },
  },
  {
    path: 'enterprise', kind: 'ENTERPRISE', name: 'enterprise-inquiry', department: 'COMMERCIAL', fields: `${CONTACT} ${TAIL}`,
    copy: {
      en: ['Ultrasound for your health system', 'For hospitals and groups of clinics: tell us what you need and our enterprise sales team will contact you.'],
      ar: ['الموجات فوق الصوتية لنظامك الصحي', 'للمستشفيات ومجموعات العيادات: أخبرنا بما تحتاجه وسيتواصل معك فريق مبيعات المؤسسات.'],
      da: ['Ultralyd til jeres sundhedsorganisation', 'Til hospitaler og klinikgrupper: fortæl os, hvad I har brug for, så kontakter vores virksomhedssalg jer.'],
      de: ['Ultraschall für Ihr Klinikum', 'Für Krankenhäuser und Klinikverbünde: Sagen Sie uns, was Sie brauchen; unser Großkundenvertrieb meldet sich.'],
      es: ['Ecografía para su organización sanitaria', 'Para hospitales y grupos de clínicas: cuéntenos qué necesita y nuestro equipo de ventas corporativas le contactará.'],
      fi: ['Ultraääni organisaatiollenne', 'Sairaaloille ja klinikkaketjuille: kerro tarpeistanne, niin yritysmyyntimme ottaa yhteyttä.'],
      fr: ['L’échographie pour votre établissement', 'Pour les hôpitaux et groupes de cliniques : dites-nous ce dont vous avez besoin, notre équipe grands comptes vous contactera.'],
      it: ['Ecografia per la tua struttura sanitaria', 'Per ospedali e gruppi di cliniche: dicci di cosa hai bisogno e il nostro team vendite enterprise ti contatterà.'],
      nl: ['Echografie voor uw zorgorganisatie', 'Voor ziekenhuizen en groepen klinieken: vertel ons wat u nodig hebt en ons zakelijk verkoopteam neemt contact op.'],
      no: ['Ultralyd for helseforetaket deres', 'For sykehus og klinikkgrupper: fortell oss hva dere trenger, så kontakter bedriftssalget vårt dere.'],
      pl: ['Ultrasonografia dla Twojej placówki', 'Dla szpitali i sieci klinik: napisz, czego potrzebujesz, a nasz zespół sprzedaży korporacyjnej się odezwie.'],
      pt: ['Ecografia para a sua organização de saúde', 'Para hospitais e grupos de clínicas: diga-nos o que precisa e a nossa equipa de vendas empresariais contacta-o.'],
      sv: ['Ultraljud för er vårdorganisation', 'För sjukhus och klinikgrupper: berätta vad ni behöver så kontaktar vår företagsförsäljning er.'],
      tr: ['Sağlık kuruluşunuz için ultrason', 'Hastaneler ve klinik grupları için: ihtiyacınızı bize bildirin, kurumsal satış ekibimiz sizinle iletişime geçsin.'],
    },
  },
  {
    path: 'government', kind: 'GOVERNMENT', name: 'government-inquiry', department: 'COMMERCIAL', fields: `${CONTACT} ${TAIL}`,
    copy: {
      en: ['Government and public health', 'For public health services, defence and emergency services: our sales team will contact you about your programme.'],
      ar: ['الجهات الحكومية والصحة العامة', 'لخدمات الصحة العامة والدفاع والطوارئ: سيتواصل معك فريق المبيعات بشأن برنامجك.'],
      da: ['Offentlig sektor og sundhed', 'Til offentlige sundhedstjenester, forsvar og beredskab: vores salgsteam kontakter dig om jeres program.'],
      de: ['Behörden und öffentliche Gesundheit', 'Für öffentliche Gesundheitsdienste, Streitkräfte und Rettungsdienste: Unser Vertrieb meldet sich zu Ihrem Vorhaben.'],
      es: ['Administración y salud pública', 'Para servicios públicos de salud, defensa y emergencias: nuestro equipo comercial le contactará sobre su programa.'],
      fi: ['Julkinen sektori ja terveydenhuolto', 'Julkiselle terveydenhuollolle, puolustukselle ja pelastustoimelle: myyntitiimimme ottaa yhteyttä ohjelmastanne.'],
      fr: ['Secteur public et santé publique', 'Pour les services de santé publique, la défense et les secours : notre équipe commerciale vous contactera au sujet de votre programme.'],
      it: ['Pubblica amministrazione e sanità pubblica', 'Per servizi sanitari pubblici, difesa ed emergenza: il nostro team commerciale ti contatterà riguardo al tuo programma.'],
      nl: ['Overheid en publieke gezondheid', 'Voor publieke gezondheidsdiensten, defensie en hulpdiensten: ons verkoopteam neemt contact op over uw programma.'],
      no: ['Offentlig sektor og folkehelse', 'For offentlige helsetjenester, forsvar og nødetater: salgsteamet vårt kontakter deg om programmet deres.'],
      pl: ['Administracja i zdrowie publiczne', 'Dla publicznej służby zdrowia, wojska i służb ratunkowych: nasz zespół sprzedaży skontaktuje się w sprawie programu.'],
      pt: ['Setor público e saúde pública', 'Para serviços públicos de saúde, defesa e emergência: a nossa equipa comercial contacta-o sobre o seu programa.'],
      sv: ['Offentlig sektor och folkhälsa', 'För offentlig vård, försvar och räddningstjänst: vårt säljteam kontaktar dig om ert program.'],
      tr: ['Kamu ve halk sağlığı', 'Kamu sağlık hizmetleri, savunma ve acil durum hizmetleri için: satış ekibimiz programınızla ilgili sizinle iletişime geçsin.'],
    },
  },
  {
    path: 'trade-show/rsna-2026', kind: 'TRADE_SHOW', name: 'trade-show-rsna-2026', department: 'HUMAN_MARKETING', fields: `${SHORT} PHONE COMMENT EMAIL_OPT_IN`, eventStartsAt: '2026-11-29T14:00:00Z',
    copy: {
      en: ['Meet us at RSNA 2026', 'Leave your details to ask for a meeting at our booth; our team will contact you before the show.'],
      ar: ['قابلنا في RSNA 2026', 'اترك بياناتك لطلب لقاء في جناحنا؛ سيتواصل معك فريقنا قبل المعرض.'],
      da: ['Mød os på RSNA 2026', 'Skriv dine oplysninger for at bede om et møde på vores stand; vores team kontakter dig før messen.'],
      de: ['Treffen Sie uns auf der RSNA 2026', 'Hinterlassen Sie Ihre Angaben für einen Termin an unserem Stand; unser Team meldet sich vor der Messe.'],
      es: ['Visítenos en RSNA 2026', 'Deje sus datos para pedir una reunión en nuestro stand; nuestro equipo le contactará antes de la feria.'],
      fi: ['Tapaa meidät RSNA 2026 -tapahtumassa', 'Jätä tietosi pyytääksesi tapaamista osastollamme; tiimimme ottaa yhteyttä ennen messuja.'],
      fr: ['Rencontrez-nous au RSNA 2026', 'Laissez vos coordonnées pour demander un rendez-vous sur notre stand ; notre équipe vous contactera avant le salon.'],
      it: ['Incontraci a RSNA 2026', 'Lascia i tuoi dati per chiedere un incontro al nostro stand; il nostro team ti contatterà prima della fiera.'],
      nl: ['Ontmoet ons op RSNA 2026', 'Laat uw gegevens achter om een afspraak op onze stand te vragen; ons team neemt vóór de beurs contact op.'],
      no: ['Møt oss på RSNA 2026', 'Legg igjen opplysningene dine for å be om et møte på standen vår; teamet vårt kontakter deg før messen.'],
      pl: ['Spotkajmy się na RSNA 2026', 'Zostaw swoje dane, aby poprosić o spotkanie na naszym stoisku; nasz zespół skontaktuje się przed targami.'],
      pt: ['Encontre-nos no RSNA 2026', 'Deixe os seus dados para pedir uma reunião no nosso stand; a nossa equipa contacta-o antes da feira.'],
      sv: ['Träffa oss på RSNA 2026', 'Lämna dina uppgifter för att be om ett möte i vår monter; vårt team kontaktar dig före mässan.'],
      tr: ['RSNA 2026’da bizimle buluşun', 'Standımızda görüşme talep etmek için bilgilerinizi bırakın; ekibimiz fuardan önce sizinle iletişime geçsin.'],
    },
  },
  {
    path: 'webinar/lung-ultrasound-basics', kind: 'WEBINAR', name: 'webinar-lung-ultrasound-basics', department: 'HUMAN_EDUCATIONAL', fields: `${SHORT} SPECIALTY HEARD_ABOUT_US HEARD_ABOUT_US_OTHER EMAIL_OPT_IN`, eventStartsAt: '2026-10-14T16:00:00Z',
    copy: {
      en: ['Webinar: lung ultrasound basics', 'Register for the live session. Your registration goes to our education team, who send the joining details.'],
      ar: ['ندوة عبر الإنترنت: أساسيات الموجات فوق الصوتية للرئة', 'سجّل في الجلسة المباشرة. يصل تسجيلك إلى فريق التعليم الذي يرسل تفاصيل الانضمام.'],
      da: ['Webinar: grundlæggende lungeultralyd', 'Tilmeld dig livesessionen. Din tilmelding går til vores uddannelsesteam, som sender oplysninger om deltagelse.'],
      de: ['Webinar: Grundlagen des Lungenultraschalls', 'Melden Sie sich zur Live-Sitzung an. Ihre Anmeldung geht an unser Schulungsteam, das die Zugangsdaten sendet.'],
      es: ['Webinar: fundamentos de la ecografía pulmonar', 'Inscríbase en la sesión en directo. Su inscripción llega a nuestro equipo de formación, que envía los datos de acceso.'],
      fi: ['Webinaari: keuhkoultraäänen perusteet', 'Ilmoittaudu suoraan lähetykseen. Ilmoittautumisesi menee koulutustiimillemme, joka lähettää liittymisohjeet.'],
      fr: ['Webinaire : les bases de l’échographie pulmonaire', 'Inscrivez-vous à la session en direct. Votre inscription est transmise à notre équipe formation, qui envoie les informations de connexion.'],
      it: ['Webinar: basi di ecografia polmonare', 'Iscriviti alla sessione dal vivo. La tua iscrizione arriva al nostro team formazione, che invia i dati per partecipare.'],
      nl: ['Webinar: basis van longecografie', 'Meld u aan voor de live sessie. Uw aanmelding gaat naar ons opleidingsteam, dat de deelnamegegevens stuurt.'],
      no: ['Webinar: grunnleggende lungeultralyd', 'Meld deg på direktesendingen. Påmeldingen går til opplæringsteamet vårt, som sender informasjon om hvordan du blir med.'],
      pl: ['Webinar: podstawy USG płuc', 'Zapisz się na sesję na żywo. Zgłoszenie trafia do naszego zespołu szkoleniowego, który wyśle dane dostępu.'],
      pt: ['Webinar: fundamentos da ecografia pulmonar', 'Inscreva-se na sessão em direto. A sua inscrição segue para a nossa equipa de formação, que envia os dados de acesso.'],
      sv: ['Webbinarium: grunderna i lungultraljud', 'Anmäl dig till direktsändningen. Din anmälan går till vårt utbildningsteam, som skickar information om hur du ansluter.'],
      tr: ['Web semineri: akciğer ultrasonunun temelleri', 'Canlı oturuma kaydolun. Kaydınız, katılım bilgilerini gönderen eğitim ekibimize iletilir.'],
    },
  },
  {
    path: 'vet-webinar/small-animal-abdomen', kind: 'VET_WEBINAR', name: 'vet-webinar-small-animal-abdomen', market: 'VETERINARY', department: 'VET_EDUCATIONAL', fields: `${SHORT} SPECIALTY HEARD_ABOUT_US HEARD_ABOUT_US_OTHER EMAIL_OPT_IN`, eventStartsAt: '2026-10-21T17:00:00Z',
    copy: {
      en: ['Vet webinar: the small-animal abdomen', 'Register for the live session for veterinary teams. Your registration goes to our veterinary education team, who send the joining details.'],
      ar: ['ندوة بيطرية: بطن الحيوانات الصغيرة', 'سجّل في الجلسة المباشرة للفرق البيطرية. يصل تسجيلك إلى فريق التعليم البيطري الذي يرسل تفاصيل الانضمام.'],
      da: ['Veterinærwebinar: abdomen hos små dyr', 'Tilmeld dig livesessionen for veterinærteams. Din tilmelding går til vores veterinære uddannelsesteam, som sender oplysninger om deltagelse.'],
      de: ['Tierärztliches Webinar: Abdomen beim Kleintier', 'Melden Sie sich zur Live-Sitzung für Praxisteams an. Ihre Anmeldung geht an unser Veterinär-Schulungsteam, das die Zugangsdaten sendet.'],
      es: ['Webinar veterinario: abdomen en pequeños animales', 'Inscríbase en la sesión en directo para equipos veterinarios. Su inscripción llega a nuestro equipo de formación veterinaria, que envía los datos de acceso.'],
      fi: ['Eläinlääkäriwebinaari: pieneläimen vatsaontelo', 'Ilmoittaudu suoraan lähetykseen eläinlääkäritiimeille. Ilmoittautumisesi menee eläinlääkintäkoulutustiimillemme, joka lähettää liittymisohjeet.'],
      fr: ['Webinaire vétérinaire : l’abdomen des petits animaux', 'Inscrivez-vous à la session en direct pour les équipes vétérinaires. Votre inscription est transmise à notre équipe formation vétérinaire, qui envoie les informations de connexion.'],
      it: ['Webinar veterinario: l’addome dei piccoli animali', 'Iscriviti alla sessione dal vivo per team veterinari. La tua iscrizione arriva al nostro team formazione veterinaria, che invia i dati per partecipare.'],
      nl: ['Dierenartswebinar: het abdomen bij kleine huisdieren', 'Meld u aan voor de live sessie voor dierenartsteams. Uw aanmelding gaat naar ons veterinaire opleidingsteam, dat de deelnamegegevens stuurt.'],
      no: ['Veterinærwebinar: abdomen hos smådyr', 'Meld deg på direktesendingen for veterinærteam. Påmeldingen går til vårt veterinære opplæringsteam, som sender informasjon om hvordan du blir med.'],
      pl: ['Webinar weterynaryjny: jama brzuszna małych zwierząt', 'Zapisz się na sesję na żywo dla zespołów weterynaryjnych. Zgłoszenie trafia do naszego weterynaryjnego zespołu szkoleniowego, który wyśle dane dostępu.'],
      pt: ['Webinar veterinário: o abdómen dos pequenos animais', 'Inscreva-se na sessão em direto para equipas veterinárias. A sua inscrição segue para a nossa equipa de formação veterinária, que envia os dados de acesso.'],
      sv: ['Veterinärwebbinarium: buken hos smådjur', 'Anmäl dig till direktsändningen för veterinärteam. Din anmälan går till vårt veterinära utbildningsteam, som skickar information om hur du ansluter.'],
      tr: ['Veteriner web semineri: küçük hayvanlarda karın', 'Veteriner ekipleri için canlı oturuma kaydolun. Kaydınız, katılım bilgilerini gönderen veteriner eğitim ekibimize iletilir.'],
    },
  },
  {
    path: 'playbooks/point-of-care-programme', kind: 'PLAYBOOK', name: 'playbook-point-of-care-programme', department: 'HUMAN_MARKETING', fields: `${SHORT} PRACTICE_PLACE* EMAIL_OPT_IN`,
    copy: {
      en: ['Playbook: starting a point-of-care ultrasound programme', 'Ask for the playbook. Your request goes to our marketing team, who send it to the e-mail address you give.'],
      ar: ['دليل عملي: بدء برنامج للموجات فوق الصوتية في نقطة الرعاية', 'اطلب الدليل. يصل طلبك إلى فريق التسويق الذي يرسله إلى البريد الإلكتروني الذي تذكره.'],
      da: ['Playbook: kom i gang med point-of-care-ultralyd', 'Bed om playbooken. Din forespørgsel går til vores marketingteam, som sender den til den e-mailadresse, du angiver.'],
      de: ['Leitfaden: ein Point-of-Care-Ultraschallprogramm aufbauen', 'Fordern Sie den Leitfaden an. Ihre Anfrage geht an unser Marketingteam, das ihn an die angegebene E-Mail-Adresse sendet.'],
      es: ['Guía: poner en marcha un programa de ecografía a pie de cama', 'Solicite la guía. Su petición llega a nuestro equipo de marketing, que la envía a la dirección de correo que indique.'],
      fi: ['Opas: vieritutkimusohjelman aloittaminen', 'Pyydä opas. Pyyntösi menee markkinointitiimillemme, joka lähettää sen antamaasi sähköpostiosoitteeseen.'],
      fr: ['Guide : lancer un programme d’échographie au point de soins', 'Demandez le guide. Votre demande est transmise à notre équipe marketing, qui l’envoie à l’adresse e-mail indiquée.'],
      it: ['Guida: avviare un programma di ecografia point-of-care', 'Richiedi la guida. La tua richiesta arriva al nostro team marketing, che la invia all’indirizzo e-mail indicato.'],
      nl: ['Playbook: een point-of-care-echografieprogramma opzetten', 'Vraag het playbook aan. Uw verzoek gaat naar ons marketingteam, dat het naar het opgegeven e-mailadres stuurt.'],
      no: ['Veileder: kom i gang med pasientnær ultralyd', 'Be om veilederen. Forespørselen går til markedsføringsteamet vårt, som sender den til e-postadressen du oppgir.'],
      pl: ['Poradnik: jak uruchomić program USG przyłóżkowego', 'Poproś o poradnik. Prośba trafia do naszego zespołu marketingu, który wyśle go na podany adres e-mail.'],
      pt: ['Guia: iniciar um programa de ecografia point-of-care', 'Peça o guia. O seu pedido segue para a nossa equipa de marketing, que o envia para o e-mail que indicar.'],
      sv: ['Handbok: starta ett program för patientnära ultraljud', 'Be om handboken. Din förfrågan går till vårt marknadsteam, som skickar den till e-postadressen du anger.'],
      tr: ['Rehber: hasta başı ultrason programı başlatmak', 'Rehberi isteyin. Talebiniz, rehberi verdiğiniz e-posta adresine gönderen pazarlama ekibimize iletilir.'],
    },
  },
  {
    path: 'whitepapers/ultrasound-in-primary-care', kind: 'WHITEPAPER', name: 'whitepaper-ultrasound-in-primary-care', department: 'HUMAN_MARKETING', fields: `${SHORT} SPECIALTY EMAIL_OPT_IN`,
    copy: {
      en: ['Whitepaper: ultrasound in primary care', 'Ask for the whitepaper. Your request goes to our marketing team, who send it to the e-mail address you give.'],
      ar: ['ورقة بيضاء: الموجات فوق الصوتية في الرعاية الأولية', 'اطلب الورقة البيضاء. يصل طلبك إلى فريق التسويق الذي يرسلها إلى البريد الإلكتروني الذي تذكره.'],
      da: ['Whitepaper: ultralyd i almen praksis', 'Bed om whitepaperet. Din forespørgsel går til vores marketingteam, som sender det til den e-mailadresse, du angiver.'],
      de: ['Whitepaper: Ultraschall in der Hausarztpraxis', 'Fordern Sie das Whitepaper an. Ihre Anfrage geht an unser Marketingteam, das es an die angegebene E-Mail-Adresse sendet.'],
      es: ['Informe: la ecografía en atención primaria', 'Solicite el informe. Su petición llega a nuestro equipo de marketing, que lo envía a la dirección de correo que indique.'],
      fi: ['Raportti: ultraääni perusterveydenhuollossa', 'Pyydä raportti. Pyyntösi menee markkinointitiimillemme, joka lähettää sen antamaasi sähköpostiosoitteeseen.'],
      fr: ['Livre blanc : l’échographie en soins primaires', 'Demandez le livre blanc. Votre demande est transmise à notre équipe marketing, qui l’envoie à l’adresse e-mail indiquée.'],
      it: ['Whitepaper: l’ecografia nelle cure primarie', 'Richiedi il whitepaper. La tua richiesta arriva al nostro team marketing, che lo invia all’indirizzo e-mail indicato.'],
      nl: ['Whitepaper: echografie in de eerstelijnszorg', 'Vraag de whitepaper aan. Uw verzoek gaat naar ons marketingteam, dat hem naar het opgegeven e-mailadres stuurt.'],
      no: ['Fagrapport: ultralyd i allmennpraksis', 'Be om fagrapporten. Forespørselen går til markedsføringsteamet vårt, som sender den til e-postadressen du oppgir.'],
      pl: ['Raport: USG w podstawowej opiece zdrowotnej', 'Poproś o raport. Prośba trafia do naszego zespołu marketingu, który wyśle go na podany adres e-mail.'],
      pt: ['Whitepaper: a ecografia nos cuidados primários', 'Peça o whitepaper. O seu pedido segue para a nossa equipa de marketing, que o envia para o e-mail que indicar.'],
      sv: ['Vitbok: ultraljud i primärvården', 'Be om vitboken. Din förfrågan går till vårt marknadsteam, som skickar den till e-postadressen du anger.'],
      tr: ['Teknik rapor: birinci basamakta ultrason', 'Raporu isteyin. Talebiniz, raporu verdiğiniz e-posta adresine gönderen pazarlama ekibimize iletilir.'],
    },
  },
  {
    path: 'case-studies/rural-emergency-department', kind: 'CASE_STUDY', name: 'case-study-rural-emergency-department', department: 'HUMAN_MARKETING', fields: `${SHORT} EMAIL_OPT_IN`,
    copy: {
      en: ['Case study: a rural emergency department', 'Ask for the case study. Your request goes to our marketing team, who send it to the e-mail address you give.'],
      ar: ['دراسة حالة: قسم طوارئ في منطقة ريفية', 'اطلب دراسة الحالة. يصل طلبك إلى فريق التسويق الذي يرسلها إلى البريد الإلكتروني الذي تذكره.'],
      da: ['Case: en akutmodtagelse i et landdistrikt', 'Bed om casen. Din forespørgsel går til vores marketingteam, som sender den til den e-mailadresse, du angiver.'],
      de: ['Fallstudie: eine ländliche Notaufnahme', 'Fordern Sie die Fallstudie an. Ihre Anfrage geht an unser Marketingteam, das sie an die angegebene E-Mail-Adresse sendet.'],
      es: ['Caso práctico: un servicio de urgencias rural', 'Solicite el caso práctico. Su petición llega a nuestro equipo de marketing, que lo envía a la dirección de correo que indique.'],
      fi: ['Tapaustutkimus: maaseudun päivystys', 'Pyydä tapaustutkimus. Pyyntösi menee markkinointitiimillemme, joka lähettää sen antamaasi sähköpostiosoitteeseen.'],
      fr: ['Étude de cas : un service d’urgences en zone rurale', 'Demandez l’étude de cas. Votre demande est transmise à notre équipe marketing, qui l’envoie à l’adresse e-mail indiquée.'],
      it: ['Caso di studio: un pronto soccorso rurale', 'Richiedi il caso di studio. La tua richiesta arriva al nostro team marketing, che lo invia all’indirizzo e-mail indicato.'],
      nl: ['Casestudy: een spoedeisende hulp op het platteland', 'Vraag de casestudy aan. Uw verzoek gaat naar ons marketingteam, dat hem naar het opgegeven e-mailadres stuurt.'],
      no: ['Kasusstudie: en akuttmottak på bygda', 'Be om kasusstudien. Forespørselen går til markedsføringsteamet vårt, som sender den til e-postadressen du oppgir.'],
      pl: ['Studium przypadku: wiejski szpitalny oddział ratunkowy', 'Poproś o studium przypadku. Prośba trafia do naszego zespołu marketingu, który wyśle je na podany adres e-mail.'],
      pt: ['Caso de estudo: uma urgência em meio rural', 'Peça o caso de estudo. O seu pedido segue para a nossa equipa de marketing, que o envia para o e-mail que indicar.'],
      sv: ['Fallstudie: en akutmottagning på landsbygden', 'Be om fallstudien. Din förfrågan går till vårt marknadsteam, som skickar den till e-postadressen du anger.'],
      tr: ['Vaka çalışması: kırsal bir acil servis', 'Vaka çalışmasını isteyin. Talebiniz, çalışmayı verdiğiniz e-posta adresine gönderen pazarlama ekibimize iletilir.'],
    },
  },
  {
    path: 'holiday-deals', kind: 'HOLIDAY_DEALS', name: 'holiday-deals', department: 'HUMAN_COMMERCIAL', fields: `${CONTACT} COMMENT EMAIL_OPT_IN`,
    copy: {
      en: ['Holiday deals', 'Ask our sales team about this season’s offers for your practice; they reply to the e-mail address you give.'],
      ar: ['عروض العطلات', 'اسأل فريق المبيعات عن عروض هذا الموسم لممارستك؛ سيرد على البريد الإلكتروني الذي تذكره.'],
      da: ['Sæsontilbud', 'Spørg vores salgsteam om sæsonens tilbud til din praksis; de svarer på den e-mailadresse, du angiver.'],
      de: ['Angebote zu den Feiertagen', 'Fragen Sie unser Vertriebsteam nach den Angeboten dieser Saison für Ihre Praxis; es antwortet an die angegebene E-Mail-Adresse.'],
      es: ['Ofertas de temporada', 'Pregunte a nuestro equipo comercial por las ofertas de esta temporada para su consulta; le responderá en la dirección de correo que indique.'],
      fi: ['Sesonkitarjoukset', 'Kysy myyntitiimiltämme tämän kauden tarjouksista vastaanotollesi; he vastaavat antamaasi sähköpostiosoitteeseen.'],
      fr: ['Offres des fêtes', 'Interrogez notre équipe commerciale sur les offres de la saison pour votre cabinet ; elle répond à l’adresse e-mail indiquée.'],
      it: ['Offerte delle feste', 'Chiedi al nostro team commerciale le offerte di stagione per la tua struttura; risponde all’indirizzo e-mail indicato.'],
      nl: ['Feestdagenaanbiedingen', 'Vraag ons verkoopteam naar de aanbiedingen van dit seizoen voor uw praktijk; het antwoordt op het opgegeven e-mailadres.'],
      no: ['Sesongtilbud', 'Spør salgsteamet vårt om sesongens tilbud til praksisen din; de svarer på e-postadressen du oppgir.'],
      pl: ['Oferty świąteczne', 'Zapytaj nasz zespół sprzedaży o oferty tego sezonu dla Twojej praktyki; odpowie na podany adres e-mail.'],
      pt: ['Ofertas da época festiva', 'Pergunte à nossa equipa comercial pelas ofertas desta época para a sua prática; ela responde para o e-mail que indicar.'],
      sv: ['Säsongserbjudanden', 'Fråga vårt säljteam om säsongens erbjudanden för din verksamhet; de svarar på e-postadressen du anger.'],
      tr: ['Yılbaşı fırsatları', 'Muayenehaneniz için bu sezonun tekliflerini satış ekibimize sorun; verdiğiniz e-posta adresine yanıt verirler.'],
    },
  },
  {
    path: 'do-not-sell', kind: 'DO_NOT_SELL', name: 'do-not-sell', department: 'MARKETING', fields: 'FIRST_NAME* LAST_NAME* EMAIL* COUNTRY* COUNTRY_AREA COMMENT',
    copy: {
      en: ['Do not sell or share my personal information', 'Ask us not to sell or share your personal information. Your request is recorded and sent to the team that handles marketing data.'],
      ar: ['لا تبيعوا معلوماتي الشخصية ولا تشاركوها', 'اطلب منا عدم بيع معلوماتك الشخصية أو مشاركتها. يُسجَّل طلبك ويُرسل إلى الفريق المسؤول عن بيانات التسويق.'],
      da: ['Sælg eller del ikke mine personoplysninger', 'Bed os om ikke at sælge eller dele dine personoplysninger. Din anmodning registreres og sendes til teamet, der håndterer marketingdata.'],
      de: ['Meine personenbezogenen Daten nicht verkaufen oder weitergeben', 'Bitten Sie uns, Ihre personenbezogenen Daten nicht zu verkaufen oder weiterzugeben. Ihr Antrag wird gespeichert und an das Team für Marketingdaten gesendet.'],
      es: ['No vender ni compartir mi información personal', 'Pídanos que no vendamos ni compartamos su información personal. Su solicitud se registra y se envía al equipo que gestiona los datos de marketing.'],
      fi: ['Älä myy tai jaa henkilötietojani', 'Pyydä, ettemme myy tai jaa henkilötietojasi. Pyyntösi kirjataan ja lähetetään markkinointitiedoista vastaavalle tiimille.'],
      fr: ['Ne pas vendre ni partager mes informations personnelles', 'Demandez-nous de ne pas vendre ni partager vos informations personnelles. Votre demande est enregistrée et transmise à l’équipe chargée des données marketing.'],
      it: ['Non vendere né condividere i miei dati personali', 'Chiedici di non vendere né condividere i tuoi dati personali. La richiesta viene registrata e inviata al team che gestisce i dati di marketing.'],
      nl: ['Mijn persoonsgegevens niet verkopen of delen', 'Vraag ons uw persoonsgegevens niet te verkopen of te delen. Uw verzoek wordt vastgelegd en naar het team voor marketinggegevens gestuurd.'],
      no: ['Ikke selg eller del personopplysningene mine', 'Be oss om ikke å selge eller dele personopplysningene dine. Forespørselen registreres og sendes til teamet som håndterer markedsføringsdata.'],
      pl: ['Nie sprzedawaj ani nie udostępniaj moich danych osobowych', 'Poproś nas, abyśmy nie sprzedawali ani nie udostępniali Twoich danych osobowych. Wniosek zostanie zapisany i przekazany zespołowi odpowiedzialnemu za dane marketingowe.'],
      pt: ['Não vender nem partilhar as minhas informações pessoais', 'Peça-nos que não vendamos nem partilhemos as suas informações pessoais. O pedido é registado e enviado à equipa que trata os dados de marketing.'],
      sv: ['Sälj eller dela inte mina personuppgifter', 'Be oss att inte sälja eller dela dina personuppgifter. Din begäran registreras och skickas till teamet som hanterar marknadsföringsdata.'],
      tr: ['Kişisel bilgilerimi satmayın veya paylaşmayın', 'Kişisel bilgilerinizi satmamamızı veya paylaşmamamızı isteyin. Talebiniz kaydedilir ve pazarlama verilerinden sorumlu ekibe gönderilir.'],
    },
  },
  {
    // "Talk to our team" on home, pricing and the survey's results (team plans are sold by the sales team).
    // Listed before sdk: DEMO_LEAD_FORMS.GENERIC stays the SDK form.
    path: 'team', kind: 'GENERIC', name: 'team-plan-inquiry', department: 'HUMAN_COMMERCIAL', fields: `${CONTACT} ${TAIL}`,
    copy: {
      en: ['Talk to our team about a team plan', 'Tell us about your practice and how many clinicians will scan, and our sales team will contact you about a team plan: a seat for each clinician, probes and onboarding.'],
      ar: ['تحدث إلى فريقنا عن خطة الفرق', 'أخبرنا عن ممارستك وعدد الأطباء الذين سيستخدمون الأجهزة، وسيتواصل معك فريق المبيعات بشأن خطة الفرق: مقعد لكل طبيب والمجسات والتدريب على البدء.'],
      da: ['Tal med vores team om en teamplan', 'Fortæl os om din praksis, og hvor mange klinikere der skal scanne, så kontakter vores salgsteam dig om en teamplan: en plads til hver kliniker, prober og opstart.'],
      de: ['Sprechen Sie mit uns über einen Team-Plan', 'Erzählen Sie uns von Ihrer Praxis und wie viele Ärztinnen und Ärzte schallen werden; unser Vertrieb meldet sich zu einem Team-Plan: ein Platz je Person, Sonden und Einführung.'],
      es: ['Hable con nuestro equipo sobre un plan de equipo', 'Háblenos de su consulta y de cuántos profesionales harán ecografías, y nuestro equipo comercial le contactará sobre un plan de equipo: una plaza por profesional, sondas y puesta en marcha.'],
      fi: ['Keskustele tiimitilauksesta kanssamme', 'Kerro vastaanotostasi ja siitä, moniko kliinikko kuvantaa, niin myyntitiimimme ottaa yhteyttä tiimitilauksesta: paikka jokaiselle kliinikolle, anturit ja käyttöönotto.'],
      fr: ['Parlez à notre équipe d’un abonnement équipe', 'Parlez-nous de votre cabinet et du nombre de praticiens qui feront des échographies : notre équipe commerciale vous contactera pour un abonnement équipe, avec une place par praticien, les sondes et la prise en main.'],
      it: ['Parla con il nostro team di un piano team', 'Raccontaci della tua struttura e di quanti medici useranno le sonde: il nostro team commerciale ti contatterà per un piano team, con un posto per ogni medico, le sonde e l’avviamento.'],
      nl: ['Praat met ons team over een teamabonnement', 'Vertel ons over uw praktijk en hoeveel artsen gaan scannen, dan neemt ons verkoopteam contact op over een teamabonnement: een plaats per arts, probes en een introductie.'],
      no: ['Snakk med teamet vårt om en teamplan', 'Fortell oss om praksisen din og hvor mange klinikere som skal skanne, så kontakter salgsteamet vårt deg om en teamplan: en plass per kliniker, prober og opplæring.'],
      pl: ['Porozmawiaj z nami o planie zespołowym', 'Opowiedz nam o swojej praktyce i o tym, ilu lekarzy będzie wykonywać badania, a nasz zespół sprzedaży skontaktuje się w sprawie planu zespołowego: miejsce dla każdego lekarza, głowice i wdrożenie.'],
      pt: ['Fale com a nossa equipa sobre um plano de equipa', 'Fale-nos da sua prática e de quantos clínicos vão fazer ecografias, e a nossa equipa comercial contacta-o sobre um plano de equipa: um lugar por clínico, sondas e arranque.'],
      sv: ['Prata med vårt team om en teamplan', 'Berätta om din verksamhet och hur många kliniker som ska skanna, så kontaktar vårt säljteam dig om en teamplan: en plats per kliniker, prober och uppstart.'],
      tr: ['Ekip planı için ekibimizle konuşun', 'Bize muayenehanenizden ve kaç hekimin tarama yapacağından bahsedin; satış ekibimiz ekip planı için sizinle iletişime geçsin: her hekime bir koltuk, problar ve başlangıç eğitimi.'],
    },
  },
  {
    path: 'sdk', kind: 'GENERIC', name: 'sdk-inquiry', department: 'SDK', fields: 'FIRST_NAME* LAST_NAME* EMAIL* ORGANIZATION_NAME* JOB_TITLE INQUIRY_TOPIC* COUNTRY* COMMENT* EMAIL_OPT_IN',
    copy: {
      en: ['Build with our probes', 'SDKs for Android, iOS and C++, integration APIs and OEM hardware: tell us what you are building and our SDK team will contact you.'],
      ar: ['ابنِ حلولك مع مجساتنا', 'حزم تطوير لأندرويد وiOS وC++ وواجهات تكامل وأجهزة OEM: أخبرنا بما تبنيه وسيتواصل معك فريق SDK.'],
      da: ['Byg med vores prober', 'SDK’er til Android, iOS og C++, integrations-API’er og OEM-hardware: fortæl os, hvad du bygger, så kontakter vores SDK-team dig.'],
      de: ['Mit unseren Sonden entwickeln', 'SDKs für Android, iOS und C++, Integrations-APIs und OEM-Hardware: Sagen Sie uns, was Sie entwickeln; unser SDK-Team meldet sich.'],
      es: ['Desarrolle con nuestras sondas', 'SDK para Android, iOS y C++, API de integración y hardware OEM: cuéntenos qué está creando y nuestro equipo SDK le contactará.'],
      fi: ['Kehitä antureidemme kanssa', 'SDK:t Androidille, iOS:lle ja C++:lle, integraatiorajapinnat ja OEM-laitteet: kerro mitä rakennat, niin SDK-tiimimme ottaa yhteyttä.'],
      fr: ['Développez avec nos sondes', 'SDK Android, iOS et C++, API d’intégration et matériel OEM : dites-nous ce que vous développez, notre équipe SDK vous contactera.'],
      it: ['Sviluppa con le nostre sonde', 'SDK per Android, iOS e C++, API di integrazione e hardware OEM: dicci cosa stai sviluppando e il nostro team SDK ti contatterà.'],
      nl: ['Ontwikkel met onze probes', 'SDK’s voor Android, iOS en C++, integratie-API’s en OEM-hardware: vertel ons wat u bouwt en ons SDK-team neemt contact op.'],
      no: ['Utvikle med probene våre', 'SDK-er for Android, iOS og C++, integrasjons-API-er og OEM-maskinvare: fortell oss hva du bygger, så kontakter SDK-teamet vårt deg.'],
      pl: ['Twórz z naszymi głowicami', 'SDK dla Androida, iOS i C++, API integracyjne i sprzęt OEM: napisz, co tworzysz, a nasz zespół SDK się odezwie.'],
      pt: ['Desenvolva com as nossas sondas', 'SDK para Android, iOS e C++, APIs de integração e hardware OEM: diga-nos o que está a criar e a nossa equipa SDK contacta-o.'],
      sv: ['Utveckla med våra prober', 'SDK:er för Android, iOS och C++, integrations-API:er och OEM-hårdvara: berätta vad du bygger så kontaktar vårt SDK-team dig.'],
      tr: ['Problarımızla geliştirin', 'Android, iOS ve C++ için SDK’lar, entegrasyon API’leri ve OEM donanımı: ne geliştirdiğinizi anlatın, SDK ekibimiz sizinle iletişime geçsin.'],
    },
  },
];

const DAY_MS = 86_400_000;

/**
 * A demo webinar's date as seeded: its written date moved on by whole four-week steps (same weekday and
 * hour) until it is at least 14 days after `now`. A webinar's registration closes when it begins, so a demo
 * store (and its tests) always has webinars open for registration.
 */
export function upcomingWebinarDate(written: Date, now: Date): Date {
  const earliest = now.getTime() + 14 * DAY_MS;
  if (written.getTime() >= earliest) return written;
  const steps = Math.ceil((earliest - written.getTime()) / (28 * DAY_MS));
  return new Date(written.getTime() + steps * 28 * DAY_MS);
}

const WEBINAR_KINDS = new Set(['WEBINAR', 'VET_WEBINAR']);

/** Inserts or updates the demo forms by path (a form an operator added stays as it is). */
export async function seedLeadForms(db: Database, now: Date = new Date()): Promise<void> {
  const rows = FORMS.map((form) => ({
    path: form.path,
    kind: form.kind,
    name: form.name,
    market: form.market ?? 'HUMAN',
    department: form.department,
    fields: f(form.fields),
    copy: Object.fromEntries(Object.entries(form.copy).map(([lang, [title, intro]]) => [lang, { title, intro } satisfies LeadFormCopy])),
    eventStartsAt: !form.eventStartsAt ? null : WEBINAR_KINDS.has(form.kind) ? upcomingWebinarDate(new Date(form.eventStartsAt), now) : new Date(form.eventStartsAt),
  }));
  await db
    .insert(leadForms)
    .values(rows)
    .onConflictDoUpdate({
      target: leadForms.path,
      set: {
        kind: sql`excluded.kind`, name: sql`excluded.name`, market: sql`excluded.market`, department: sql`excluded.department`,
        fields: sql`excluded.fields`, copy: sql`excluded.copy`, eventStartsAt: sql`excluded.event_starts_at`, updatedAt: sql`now()`,
      },
    });
}

/** The demo form paths by kind (tests and benchmarks address them through this). */
export const DEMO_LEAD_FORMS = Object.fromEntries(FORMS.map((form) => [form.kind, form.path])) as Record<string, string>;
