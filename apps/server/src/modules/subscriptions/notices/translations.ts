import type { NoticeMessages } from './messages.ts';

/** The subscription e-mails' words in every store language but English (see messages.ts for `en`). */

export const ar: NoticeMessages = {
  greeting: 'مرحبًا،',
  renewedSubject: 'تم تجديد اشتراك {plan} الخاص بك',
  renewedBody: 'لقد خصمنا مبلغ {amount} من وسيلة الدفع المحفوظة لديك. يسري اشتراكك الآن حتى {date}.',
  failedSubject: 'تعذّر تجديد اشتراك {plan} الخاص بك',
  failedBody: 'تم رفض خصم مبلغ {amount} من وسيلة الدفع المحفوظة لديك. سنحاول مرة أخرى في {date}. لتجنّب انقطاع الخدمة، يُرجى إضافة وسيلة دفع أخرى أو اختيارها من حسابك.',
  pastDueSubject: 'اشتراك {plan} الخاص بك متأخر السداد',
  pastDueBody: 'حاولنا تحصيل مبلغ {amount} (عدد المحاولات: {attempts})، وقد رُفضت جميع المحاولات. يُرجى تجديد اشتراكك من حسابك لمواصلة استخدامه.',
  endedSubject: 'انتهى اشتراك {plan} الخاص بك',
  endedBody: 'انتهى اشتراكك في {date}. يمكنك تجديده من حسابك في أي وقت.',
  reversedSubject: 'فشلت إحدى دفعات اشتراك {plan} الخاص بك',
  reversedBody: 'أعاد البنك الذي تتعامل معه دفعة بقيمة {amount}. لقد ألغينا التغيير الذي سُدِّدت هذه الدفعة مقابله، ويمكنك الدفع مجددًا من حسابك.',
  manage: 'إدارة اشتراكك',
  signoff: '— Probe Store',
};

export const da: NoticeMessages = {
  greeting: 'Hej,',
  renewedSubject: 'Dit {plan}-abonnement er blevet fornyet',
  renewedBody: 'Vi har trukket {amount} på din gemte betalingsmetode. Dit abonnement løber nu til den {date}.',
  failedSubject: 'Vi kunne ikke forny dit {plan}-abonnement',
  failedBody: 'Opkrævningen på {amount} på din gemte betalingsmetode blev afvist. Vi prøver igen den {date}. Tilføj eller vælg en anden betalingsmetode på din konto for at undgå en afbrydelse.',
  pastDueSubject: 'Dit {plan}-abonnement er i restance',
  pastDueBody: 'Vi har {attempts} gange forsøgt at trække {amount}, og hvert forsøg blev afvist. Forny dit abonnement på din konto for at kunne fortsætte med at bruge det.',
  endedSubject: 'Dit {plan}-abonnement er ophørt',
  endedBody: 'Dit abonnement ophørte den {date}. Du kan til enhver tid forny det på din konto.',
  reversedSubject: 'En betaling for dit {plan}-abonnement mislykkedes',
  reversedBody: 'Din bank har tilbageført betalingen på {amount}. Vi har annulleret den ændring, som betalingen dækkede; du kan betale igen på din konto.',
  manage: 'Administrer dit abonnement',
  signoff: '— Probe Store',
};

export const de: NoticeMessages = {
  greeting: 'Guten Tag,',
  renewedSubject: 'Ihr {plan}-Abonnement wurde verlängert',
  renewedBody: 'Wir haben Ihre hinterlegte Zahlungsmethode mit {amount} belastet. Ihr Abonnement läuft jetzt bis zum {date}.',
  failedSubject: 'Ihr {plan}-Abonnement konnte nicht verlängert werden',
  failedBody: 'Die Belastung Ihrer hinterlegten Zahlungsmethode mit {amount} wurde abgelehnt. Wir versuchen es am {date} erneut. Damit es zu keiner Unterbrechung kommt, fügen Sie bitte in Ihrem Konto eine andere Zahlungsmethode hinzu oder wählen Sie eine andere aus.',
  pastDueSubject: 'Die Zahlung für Ihr {plan}-Abonnement ist überfällig',
  pastDueBody: 'Wir haben {attempts}-mal versucht, {amount} abzubuchen, doch jeder Versuch wurde abgelehnt. Bitte verlängern Sie Ihr Abonnement in Ihrem Konto, um es weiter nutzen zu können.',
  endedSubject: 'Ihr {plan}-Abonnement ist beendet',
  endedBody: 'Ihr Abonnement endete am {date}. Sie können es jederzeit in Ihrem Konto erneuern.',
  reversedSubject: 'Eine Zahlung für Ihr {plan}-Abonnement ist fehlgeschlagen',
  reversedBody: 'Ihre Bank hat die Zahlung über {amount} zurückgebucht. Wir haben die damit bezahlte Änderung rückgängig gemacht; Sie können die Zahlung in Ihrem Konto erneut vornehmen.',
  manage: 'Ihr Abonnement verwalten',
  signoff: '— Probe Store',
};

export const es: NoticeMessages = {
  greeting: 'Hola:',
  renewedSubject: 'Su suscripción {plan} se ha renovado',
  renewedBody: 'Hemos cargado {amount} en su método de pago guardado. Su suscripción estará vigente hasta el {date}.',
  failedSubject: 'No hemos podido renovar su suscripción {plan}',
  failedBody: 'El cargo de {amount} en su método de pago guardado ha sido rechazado. Volveremos a intentarlo el {date}. Para evitar una interrupción del servicio, añada o elija otro método de pago en su cuenta.',
  pastDueSubject: 'Su suscripción {plan} tiene un pago vencido',
  pastDueBody: 'Hemos intentado {attempts} veces cobrar {amount} y todos los intentos han sido rechazados. Renueve su suscripción desde su cuenta para seguir utilizándola.',
  endedSubject: 'Su suscripción {plan} ha finalizado',
  endedBody: 'Su suscripción finalizó el {date}. Puede renovarla desde su cuenta en cualquier momento.',
  reversedSubject: 'No se ha podido completar un pago de su suscripción {plan}',
  reversedBody: 'Su banco ha devuelto el pago de {amount}. Hemos anulado el cambio que se abonó con ese pago; puede volver a pagar desde su cuenta.',
  manage: 'Gestionar su suscripción',
  signoff: '— Probe Store',
};

export const fi: NoticeMessages = {
  greeting: 'Hei,',
  renewedSubject: '{plan} -tilauksesi on uusittu',
  renewedBody: 'Veloitimme {amount} tallennetulta maksutavaltasi. Tilauksesi on nyt voimassa {date} asti.',
  failedSubject: '{plan} -tilaustasi ei voitu uusia',
  failedBody: 'Summan {amount} veloitus tallennetulta maksutavaltasi hylättiin. Yritämme uudelleen {date}. Jotta palvelun käyttö ei katkea, lisää tai valitse tililläsi toinen maksutapa.',
  pastDueSubject: '{plan} -tilauksesi maksu on erääntynyt',
  pastDueBody: 'Yritimme {attempts} kertaa veloittaa summan {amount}, mutta jokainen yritys hylättiin. Uusi tilauksesi tililläsi, jotta voit jatkaa sen käyttöä.',
  endedSubject: '{plan} -tilauksesi on päättynyt',
  endedBody: 'Tilauksesi päättyi {date}. Voit uusia sen tililläsi milloin tahansa.',
  reversedSubject: '{plan} -tilauksesi maksu epäonnistui',
  reversedBody: 'Pankkisi palautti maksun, jonka summa oli {amount}. Olemme peruneet muutoksen, joka maksettiin tällä maksulla; voit maksaa uudelleen tililläsi.',
  manage: 'Hallinnoi tilaustasi',
  signoff: '— Probe Store',
};

export const fr: NoticeMessages = {
  greeting: 'Bonjour,',
  renewedSubject: 'Votre abonnement {plan} a été renouvelé',
  renewedBody: "Nous avons débité {amount} sur votre moyen de paiement enregistré. Votre abonnement est désormais valable jusqu'au {date}.",
  failedSubject: "Nous n'avons pas pu renouveler votre abonnement {plan}",
  failedBody: 'Le prélèvement de {amount} sur votre moyen de paiement enregistré a été refusé. Nous réessaierons le {date}. Pour éviter toute interruption, ajoutez ou choisissez un autre moyen de paiement dans votre compte.',
  pastDueSubject: 'Votre abonnement {plan} est en retard de paiement',
  pastDueBody: "Nous avons tenté à {attempts} reprises de prélever {amount}, et chaque tentative a été refusée. Renouvelez votre abonnement depuis votre compte pour continuer à l'utiliser.",
  endedSubject: 'Votre abonnement {plan} a pris fin',
  endedBody: 'Votre abonnement a pris fin le {date}. Vous pouvez le renouveler à tout moment depuis votre compte.',
  reversedSubject: 'Un paiement pour votre abonnement {plan} a échoué',
  reversedBody: 'Votre banque a rejeté le paiement de {amount}. Nous avons annulé la modification réglée par ce paiement ; vous pouvez payer à nouveau depuis votre compte.',
  manage: 'Gérer votre abonnement',
  signoff: '— Probe Store',
};

export const it: NoticeMessages = {
  greeting: 'Buongiorno,',
  renewedSubject: 'Il suo abbonamento {plan} è stato rinnovato',
  renewedBody: 'Abbiamo addebitato {amount} sul metodo di pagamento salvato. Il suo abbonamento è ora valido fino al {date}.',
  failedSubject: 'Non è stato possibile rinnovare il suo abbonamento {plan}',
  failedBody: "L'addebito di {amount} sul metodo di pagamento salvato è stato rifiutato. Riproveremo il {date}. Per evitare interruzioni, aggiunga o scelga un altro metodo di pagamento nel suo account.",
  pastDueSubject: 'Il pagamento del suo abbonamento {plan} è in ritardo',
  pastDueBody: "Abbiamo tentato {attempts} volte di addebitare {amount}, ma ogni tentativo è stato rifiutato. Rinnovi l'abbonamento dal suo account per continuare a utilizzarlo.",
  endedSubject: 'Il suo abbonamento {plan} è terminato',
  endedBody: 'Il suo abbonamento è terminato il {date}. Può rinnovarlo in qualsiasi momento dal suo account.',
  reversedSubject: 'Un pagamento per il suo abbonamento {plan} non è andato a buon fine',
  reversedBody: 'La sua banca ha stornato il pagamento di {amount}. Abbiamo quindi annullato la modifica a cui si riferiva; può effettuare di nuovo il pagamento dal suo account.',
  manage: "Gestione dell'abbonamento",
  signoff: '— Probe Store',
};

export const no: NoticeMessages = {
  greeting: 'Hei,',
  renewedSubject: '{plan}-abonnementet ditt er fornyet',
  renewedBody: 'Vi har trukket {amount} fra den lagrede betalingsmåten din. Abonnementet ditt løper nå til {date}.',
  failedSubject: 'Vi kunne ikke fornye {plan}-abonnementet ditt',
  failedBody: 'Belastningen på {amount} på den lagrede betalingsmåten din ble avvist. Vi prøver igjen {date}. For å unngå avbrudd kan du legge til eller velge en annen betalingsmåte på kontoen din.',
  pastDueSubject: 'Betalingen for {plan}-abonnementet ditt er forfalt',
  pastDueBody: 'Vi har gjort {attempts} forsøk på å trekke {amount}, og alle ble avvist. Forny abonnementet ditt på kontoen din for å fortsette å bruke det.',
  endedSubject: '{plan}-abonnementet ditt er avsluttet',
  endedBody: 'Abonnementet ditt ble avsluttet {date}. Du kan når som helst fornye det på kontoen din.',
  reversedSubject: 'En betaling for {plan}-abonnementet ditt mislyktes',
  reversedBody: 'Banken din har returnert betalingen på {amount}. Vi har tilbakestilt endringen som betalingen gjaldt; du kan betale på nytt fra kontoen din.',
  manage: 'Administrer abonnementet ditt',
  signoff: '— Probe Store',
};

export const nl: NoticeMessages = {
  greeting: 'Goedendag,',
  renewedSubject: 'Uw {plan}-abonnement is verlengd',
  renewedBody: 'We hebben {amount} in rekening gebracht via uw opgeslagen betaalmethode. Uw abonnement loopt nu tot {date}.',
  failedSubject: 'We konden uw {plan}-abonnement niet verlengen',
  failedBody: 'De afschrijving van {amount} via uw opgeslagen betaalmethode is geweigerd. We proberen het op {date} opnieuw. Om een onderbreking te voorkomen, kunt u in uw account een andere betaalmethode toevoegen of kiezen.',
  pastDueSubject: 'De betaling voor uw {plan}-abonnement is achterstallig',
  pastDueBody: 'We hebben {attempts} keer geprobeerd {amount} af te schrijven, maar elke poging werd geweigerd. Verleng uw abonnement via uw account om het te blijven gebruiken.',
  endedSubject: 'Uw {plan}-abonnement is beëindigd',
  endedBody: 'Uw abonnement is op {date} beëindigd. U kunt het op elk moment via uw account vernieuwen.',
  reversedSubject: 'Een betaling voor uw {plan}-abonnement is mislukt',
  reversedBody: 'Uw bank heeft de betaling van {amount} teruggeboekt. We hebben de wijziging waarvoor deze betaling bedoeld was ongedaan gemaakt; u kunt opnieuw betalen via uw account.',
  manage: 'Uw abonnement beheren',
  signoff: '— Probe Store',
};

export const pl: NoticeMessages = {
  greeting: 'Dzień dobry,',
  renewedSubject: 'Państwa subskrypcja {plan} została odnowiona',
  renewedBody: 'Obciążyliśmy zapisaną metodę płatności kwotą {amount}. Subskrypcja jest teraz ważna do {date}.',
  failedSubject: 'Nie udało się odnowić Państwa subskrypcji {plan}',
  failedBody: 'Obciążenie zapisanej metody płatności kwotą {amount} zostało odrzucone. Ponowimy próbę {date}. Aby uniknąć przerwy w działaniu subskrypcji, prosimy dodać lub wybrać inną metodę płatności na swoim koncie.',
  pastDueSubject: 'Płatność za Państwa subskrypcję {plan} jest zaległa',
  pastDueBody: 'Próbowaliśmy {attempts} razy pobrać kwotę {amount}, ale każda próba została odrzucona. Aby nadal korzystać z subskrypcji, prosimy odnowić ją na swoim koncie.',
  endedSubject: 'Państwa subskrypcja {plan} wygasła',
  endedBody: 'Subskrypcja wygasła {date}. W każdej chwili mogą ją Państwo odnowić na swoim koncie.',
  reversedSubject: 'Płatność za Państwa subskrypcję {plan} nie powiodła się',
  reversedBody: 'Państwa bank zwrócił płatność w wysokości {amount}. Cofnęliśmy zmianę opłaconą tą płatnością; ponownej płatności mogą Państwo dokonać na swoim koncie.',
  manage: 'Zarządzanie subskrypcją',
  signoff: '— Probe Store',
};

export const pt: NoticeMessages = {
  greeting: 'Olá,',
  renewedSubject: 'A sua subscrição {plan} foi renovada',
  renewedBody: 'Cobrámos {amount} no seu método de pagamento guardado. A sua subscrição é agora válida até {date}.',
  failedSubject: 'Não foi possível renovar a sua subscrição {plan}',
  failedBody: 'A cobrança de {amount} no seu método de pagamento guardado foi recusada. Voltaremos a tentar a {date}. Para evitar uma interrupção, adicione ou escolha outro método de pagamento na sua conta.',
  pastDueSubject: 'A sua subscrição {plan} tem um pagamento em atraso',
  pastDueBody: 'Tentámos {attempts} vezes cobrar {amount} e todas as tentativas foram recusadas. Renove a sua subscrição na sua conta para continuar a utilizá-la.',
  endedSubject: 'A sua subscrição {plan} terminou',
  endedBody: 'A sua subscrição terminou a {date}. Pode renová-la na sua conta a qualquer momento.',
  reversedSubject: 'Um pagamento da sua subscrição {plan} falhou',
  reversedBody: 'O seu banco devolveu o pagamento de {amount}. Anulámos a alteração paga com esse pagamento; pode efetuar novamente o pagamento na sua conta.',
  manage: 'Gerir a sua subscrição',
  signoff: '— Probe Store',
};

export const sv: NoticeMessages = {
  greeting: 'Hej,',
  renewedSubject: 'Ditt {plan}-abonnemang har förnyats',
  renewedBody: 'Vi har dragit {amount} från din sparade betalningsmetod. Ditt abonnemang löper nu till den {date}.',
  failedSubject: 'Vi kunde inte förnya ditt {plan}-abonnemang',
  failedBody: 'Debiteringen på {amount} från din sparade betalningsmetod nekades. Vi försöker igen den {date}. Lägg till eller välj en annan betalningsmetod i ditt konto för att undvika ett avbrott.',
  pastDueSubject: 'Betalningen för ditt {plan}-abonnemang är försenad',
  pastDueBody: 'Vi har försökt dra {amount} vid {attempts} tillfällen, och varje försök nekades. Förnya ditt abonnemang i ditt konto för att kunna fortsätta använda det.',
  endedSubject: 'Ditt {plan}-abonnemang har upphört',
  endedBody: 'Ditt abonnemang upphörde den {date}. Du kan när som helst förnya det i ditt konto.',
  reversedSubject: 'En betalning för ditt {plan}-abonnemang misslyckades',
  reversedBody: 'Din bank har returnerat betalningen på {amount}. Vi har återställt ändringen som betalningen avsåg; du kan betala igen i ditt konto.',
  manage: 'Hantera ditt abonnemang',
  signoff: '— Probe Store',
};

export const tr: NoticeMessages = {
  greeting: 'Merhaba,',
  renewedSubject: '{plan} aboneliğiniz yenilendi',
  renewedBody: 'Kayıtlı ödeme yönteminizden {amount} tahsil ettik. Aboneliğiniz artık {date} tarihine kadar geçerlidir.',
  failedSubject: '{plan} aboneliğinizi yenileyemedik',
  failedBody: 'Kayıtlı ödeme yönteminizden {amount} tutarındaki tahsilat reddedildi. {date} tarihinde tekrar deneyeceğiz. Hizmetinizin kesintiye uğramaması için lütfen hesabınızdan başka bir ödeme yöntemi ekleyin veya seçin.',
  pastDueSubject: '{plan} aboneliğinizin ödemesi gecikti',
  pastDueBody: '{amount} tutarını tahsil etmeyi {attempts} kez denedik ve her deneme reddedildi. Aboneliğinizi kullanmaya devam etmek için lütfen hesabınızdan yenileyin.',
  endedSubject: '{plan} aboneliğiniz sona erdi',
  endedBody: 'Aboneliğiniz {date} tarihinde sona erdi. Dilediğiniz zaman hesabınızdan yenileyebilirsiniz.',
  reversedSubject: '{plan} aboneliğinize ait bir ödeme başarısız oldu',
  reversedBody: 'Bankanız {amount} tutarındaki ödemeyi iade etti. Bu ödemeyle yapılan değişikliği geri aldık; hesabınızdan yeniden ödeme yapabilirsiniz.',
  manage: 'Aboneliğinizi yönetin',
  signoff: '— Probe Store',
};
